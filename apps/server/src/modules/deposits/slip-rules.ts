// The rules a verified slip must pass before it is credited (docs/decisions/0018-deposit-review-and-slip-reasons.md,
// docs/decisions/0025-slip-sender-and-provider-amounts.md): our account received it, the uploader's account sent it,
// in time, for at least the minimum; and nobody else could be its sender.
import type { SlipFailureReason } from '@wallet/contract/errors';
import type { Db } from '../../db/client.ts';
import type { slips } from '../../db/schema/deposits.ts';
import type { VerifiedSlip } from '../../providers/bank/bank-port.ts';
import { membersByMaskedAccount, type AccountApi } from '../account/account.api.ts';
import { toMinor } from '../ledger/ledger.api.ts';
import { walletAmounts, type SettingsService } from '../settings/settings.api.ts';
import { bankCodesOf, botCodeOf, maskedMatches } from './bank-codes.ts';
import { isDepositAmountValid } from './credit.ts';
import { senderNameVerdict } from './sender-name.ts';

type SlipRow = typeof slips.$inferSelect;
type SlipRuleDeps = { db: Db; settings: SettingsService; account: Pick<AccountApi, 'payoutAccount'> };

/** What the rules make of a verified slip: a reason it fails, credit it, or hold it for an operator (why). */
type SlipDecision = { kind: 'fail'; reason: SlipFailureReason } | { kind: 'credit' } | { kind: 'review'; why: string };

/**
 * The slip rules (docs/decisions/0018, 0025) that need the verifier's answer, and who sent the money
 * (docs/decisions/0025-slip-sender-and-provider-amounts.md): the sender's masked account must fit the uploader's
 * registered account, and the printed sender name must not contradict the uploader's registered account name.
 * The slip is credited only when nothing else could be the sender: another member whose account fits the same
 * mask, or a sender name the rules cannot compare, sends it to an operator.
 */
export async function decideSlip(deps: SlipRuleDeps, slip: SlipRow, v: VerifiedSlip): Promise<SlipDecision> {
  const reason = await ruleBroken(deps, slip, v);
  if (reason) return { kind: 'fail', reason };
  const masked = v.sender.account!.value;
  const [registered, holders] = await Promise.all([
    deps.account.payoutAccount(slip.memberId),
    membersByMaskedAccount(deps.db, bankCodesOf(v.sendingBank), masked),
  ]);
  // the registered account name only: it changes with the payout account (OTP, cooling); a display name is free text
  const verdict = senderNameVerdict(
    [v.sender.displayName, v.sender.name],
    registered ? [registered.bankAccountName] : [],
  );
  if (verdict === 'mismatch') return { kind: 'fail', reason: 'NOT_MATCH' };
  const others = holders.filter((h) => h.id !== slip.memberId && maskedMatches(masked, h.bankAccountNo));
  if (others.length > 0)
    return {
      kind: 'review',
      why: `sender account ${masked} fits ${others.length + 1} members (${[slip.memberId, ...others.map((o) => o.id)].join(', ')})`,
    };
  if (verdict === 'unknown') return { kind: 'review', why: 'the sender name on the slip cannot be compared' };
  return { kind: 'credit' };
}

/** The slip rules (docs/decisions/0018, 0025) that need the verifier's answer; null when the slip passes them. */
async function ruleBroken(deps: SlipRuleDeps, slip: SlipRow, v: VerifiedSlip): Promise<SlipFailureReason | null> {
  const [settings, window, minDeposit, registered] = await Promise.all([
    deps.settings.get('deposit'),
    deps.settings.get('slipWindow'),
    walletAmounts(deps.settings, slip.currency).then((a) => a.minDeposit),
    deps.account.payoutAccount(slip.memberId),
  ]);
  const isOurs = settings.banks.some(
    (bank) =>
      botCodeOf(bank.bankCode) === v.receivingBank &&
      v.receiver.account !== null &&
      maskedMatches(v.receiver.account.value, bank.bankAccountNo),
  );
  if (!isOurs) return 'DEST_ACC_INVALID';
  // a bank answer with an amount we could never record is not a slip we can read
  if (!isDepositAmountValid(v.amount)) return 'INVALID_SLIP';
  const isMembers =
    registered !== null &&
    botCodeOf(registered.bankCode) === v.sendingBank &&
    v.sender.account !== null &&
    maskedMatches(v.sender.account.value, registered.bankAccountNo);
  if (!isMembers) return 'NOT_MATCH';
  if (slip.createdAt.getTime() - v.transferredAt.getTime() > window.maxAgeMinutes * 60_000) return 'EXPIRED_SLIP';
  if (v.amount < toMinor(Math.max(1, minDeposit))) return 'NOT_MATCH';
  return null;
}
