import { listGameAccounts, updateGameBalance, type GamesDeps } from '../game-accounts/game-accounts.api.ts';
import { withTimeout } from '../game-transfers/game-transfers.api.ts';

/**
 * Read every game balance of the member from its provider and store it, before a claim weighs the member's balance
 * (docs/decisions/0020-bonus-cancel-and-claim-rules.md): winnings made inside a game since the last transfer are in no
 * stored reading. A provider that does not answer in time leaves its stored reading, which the claim then uses.
 */
export async function refreshGameBalances(
  deps: Pick<GamesDeps, 'db' | 'clock' | 'providers' | 'timing'>,
  memberId: number,
): Promise<void> {
  const accounts = await listGameAccounts(deps.db, memberId);
  await Promise.all(
    accounts.map(async (account) => {
      const provider = deps.providers.get(account.game);
      if (!provider) return;
      const askedAt = deps.clock.now();
      const reading = await withTimeout(provider.balance(account.username), deps.timing.balanceTimeoutMs);
      if (reading !== undefined)
        await updateGameBalance(deps.db, account.id, { ...reading, askedAt }, deps.clock.now());
    }),
  );
}
