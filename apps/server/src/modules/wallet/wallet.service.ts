import type { Profile } from '@wallet/contract/account';
import type { SlotAccount, Wallet } from '@wallet/contract/wallet';
import { AppError } from '../../errors.ts';
import type { MemberCache } from '../../lib/member-cache.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import type { GamesDeps } from '../game-accounts/game-accounts.api.ts';
import { listGameAccounts, updateGameBalance } from '../game-accounts/game-accounts.api.ts';
import { inviteCounts } from '../referral/referral.api.ts';
import { walletSnapshot, type SlotBalance } from './wallet.repository.ts';
import { withTimeout } from '../game-transfers/game-transfers.api.ts';

/** GET /api/wallet (a few indexed reads, no provider call) and GET /api/wallet/refresh/slot (asks the providers). */
export class WalletService {
  constructor(
    private readonly deps: GamesDeps,
    /** when set, the view is served from memory until a money move or profile change evicts it (after commit) */
    private readonly cache: MemberCache | null = null,
  ) {}

  /** One query (wallet.repository.ts) on a miss; `currency` is the session's (a member's never changes). */
  async wallet(memberId: number, currency: string): Promise<Wallet> {
    if (!this.cache) return this.load(memberId, currency);
    return this.cache.view(`wallet:${currency}`, memberId, () => this.load(memberId, currency));
  }

  private async load(memberId: number, currency: string): Promise<Wallet> {
    const member = await walletSnapshot(this.deps.db, memberId, currency);
    if (!member) throw new AppError('invalid-token');
    const profile: Profile = {
      _id: String(member.id),
      name: member.name,
      username: member.username,
      createdAt: member.createdAt.toISOString(),
      coin: member.coin,
      currency: member.currency,
      bankCode: member.bankCode,
      bankAccountName: member.bankAccountName,
      bankAccountNo: member.bankAccountNo,
      bank: { nameTH: member.bankNameTH ?? '' },
    };
    return {
      profile,
      bankAccount: {
        bankCode: member.bankCode,
        bankAccountName: member.bankAccountName,
        bankAccountNo: member.bankAccountNo,
        bank: { nameTH: member.bankNameTH ?? '' },
      },
      wallet: { amount: toMajor(member.wallet), currency: member.currency },
      invite: { amount: toMajor(member.invite), ...(await inviteCounts(this.deps.db, memberId)) },
      slots: this.slots(member.accounts),
      updatedAt: this.updatedAt(member.accounts),
    };
  }

  /** Ask every active game's provider for its balance, in parallel; a silent or failing one keeps its last value. */
  async refresh(memberId: number): Promise<{ slots: SlotAccount[]; updatedAt: string }> {
    const accounts = await listGameAccounts(this.deps.db, memberId);
    let isChanged = false;
    const refreshed = await Promise.all(
      accounts.map(async (account) => {
        const provider = this.deps.providers.get(account.game);
        if (!provider) return account;
        const askedAt = this.deps.clock.now();
        const reading = await withTimeout(provider.balance(account.username), this.deps.timing.balanceTimeoutMs);
        if (reading === undefined) return account;
        const at = this.deps.clock.now();
        // a settlement that answered with a newer balance meanwhile keeps its reading (ADR 0024)
        if (!(await updateGameBalance(this.deps.db, account.id, { ...reading, askedAt }, at))) return account;
        isChanged ||= reading.balance !== account.balance;
        return { ...account, balance: reading.balance, balanceUpdatedAt: at };
      }),
    );
    // the member's other tabs and devices show the new game balances too
    if (isChanged) this.deps.gameBalanceChanged?.(memberId);
    return { slots: this.slots(refreshed), updatedAt: this.updatedAt(refreshed) };
  }

  /** One entry per catalogue game, in catalogue order. */
  private slots(accounts: SlotBalance[]): SlotAccount[] {
    const byGame = new Map(accounts.map((a) => [a.game, a]));
    return this.deps.catalogue.map((game) => {
      const account = byGame.get(game.code);
      return {
        code: game.code,
        name: game.name,
        category: game.category,
        logo: game.logo,
        background: game.background,
        isActive: account !== undefined,
        amount: account ? toMajor(account.balance) : 0,
        ftWalletSlot: game.ftWalletSlot,
        // launching goes through GET /api/autoLogin (one-time link); no standing web or app links
        web: null,
        android: null,
        ios: null,
      };
    });
  }

  /** The latest balance refresh of any game account; now when none was ever refreshed. */
  private updatedAt(accounts: SlotBalance[]): string {
    const times = accounts.map((a) => a.balanceUpdatedAt?.getTime() ?? 0).filter((t) => t > 0);
    return new Date(times.length > 0 ? Math.max(...times) : this.deps.clock.now().getTime()).toISOString();
  }
}
