import { MAX_AMOUNT } from '@wallet/contract/limits';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deposits, type DepositChannel } from '../../db/schema/deposits.ts';
import { emit } from '../../events/emit.ts';
import { queueChanged } from '../../realtime/queue-signals.ts';
import { house, LEDGER_KINDS, memberWallet, toMinor, type LedgerService } from '../ledger/ledger.api.ts';
import { depositHoldReason } from '../responsible-play/responsible-play.api.ts';
import { pendingDepositBonus, settleDepositBonus } from '../promotions/promotions.api.ts';

/** the largest amount the API can show (MoneySchema): more in one deposit would break every view of the wallet */
const MAX_DEPOSIT_MINOR = toMinor(MAX_AMOUNT);

/**
 * An amount an outside party reports (a PSP's signed webhook, a bank's slip answer, TrueMoney's voucher) that can be
 * recorded at all: above 0 and within the API's maximum. Signed input is still input (ADR 0016).
 */
export const isDepositAmountValid = (minor: bigint): boolean => minor > 0n && minor <= MAX_DEPOSIT_MINOR;

/** Our deposit ids: 16 chars [A-Z0-9] (fits a PromptPay Ref2, ≤20, docs/payments.md §1.1). */
export function newDepositId(prefix: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(14);
  let out = prefix;
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out.slice(0, 16);
}

export type IncomingMoney = {
  memberId: number;
  channel: DepositChannel;
  /** unique per channel: `{provider}.{providerTxnId}`, `{sendingBank}.{transRef}`, voucher hash */
  reference: string;
  sourceId: string | null;
  amount: bigint;
  currency: string;
  /** `review`: recorded for an operator, nothing moves yet */
  status: 'credited' | 'review';
  note?: string | null;
  at: Date;
};

export type IncomingResult =
  | { kind: 'credited'; depositId: string }
  | { kind: 'review'; depositId: string }
  /** this outside transaction was recorded before (by this or another delivery): nothing happened now */
  | { kind: 'duplicate'; depositId: string; status: string };

/**
 * Record money that came in, exactly once per `(channel, reference)`, inside the caller's ledger transaction: the
 * insert races on the unique index, and only its winner posts (house:deposit:{channel} → wallet, idempotency key
 * `deposit:{channel}:{reference}`) and emits `deposit.credited`.
 */
export async function recordIncoming(ledger: LedgerService, tx: Tx, money: IncomingMoney): Promise<IncomingResult> {
  // money past a responsible-play limit or during a break is held for finance, never lost (docs/decisions/0039)
  const held = money.status === 'credited' && (await depositHoldReason(tx, money.memberId, money.amount, money.at));
  if (held) return recordIncoming(ledger, tx, { ...money, status: 'review', note: `responsible play: ${held}` });
  const id = newDepositId('D');
  const [row] = await tx
    .insert(deposits)
    .values({
      id,
      memberId: money.memberId,
      channel: money.channel,
      reference: money.reference,
      sourceId: money.sourceId,
      amount: money.amount,
      currency: money.currency,
      status: money.status,
      note: money.note ?? null,
      createdAt: money.at,
      creditedAt: money.status === 'credited' ? money.at : null,
    })
    .onConflictDoNothing()
    .returning({ id: deposits.id });
  if (!row) {
    const [existing] = await tx
      .select({ id: deposits.id, status: deposits.status })
      .from(deposits)
      .where(and(eq(deposits.channel, money.channel), eq(deposits.reference, money.reference)));
    return { kind: 'duplicate', depositId: existing?.id ?? '', status: existing?.status ?? 'unknown' };
  }
  // a bonus chosen with this deposit's intent: claimed after the credit in this transaction, or skipped (ADR 0042)
  const bonus = await pendingDepositBonus(tx, { ...money, intentId: money.sourceId });
  const settleBonus = async () =>
    bonus &&
    (await settleDepositBonus(ledger, tx, bonus, { ...money, depositId: id, isHeld: money.status === 'review' }));
  if (money.status === 'review') {
    await settleBonus();
    queueChanged('deposits', id, 'review');
    return { kind: 'review', depositId: id };
  }
  await postCredit(ledger, tx, { ...money, depositId: id });
  await settleBonus();
  return { kind: 'credited', depositId: id };
}

/** The posting and event of a credited deposit (also used when an operator credits a held one). */
export async function postCredit(
  ledger: LedgerService,
  tx: Tx,
  d: {
    depositId: string;
    memberId: number;
    channel: DepositChannel;
    reference: string;
    amount: bigint;
    currency: string;
  },
): Promise<void> {
  await ledger.post(
    {
      kind: LEDGER_KINDS.deposit,
      currency: d.currency,
      memberId: d.memberId,
      idempotencyKey: `deposit:${d.channel}:${d.reference}`,
      reference: d.depositId,
      metadata: { depositId: d.depositId, channel: d.channel, reference: d.reference },
      postings: [
        { account: house(`deposit:${d.channel}`, d.memberId), amount: -d.amount },
        { account: memberWallet(d.memberId), amount: d.amount },
      ],
    },
    tx,
  );
  await emit(tx, {
    type: 'deposit.credited',
    payload: {
      memberId: d.memberId,
      depositId: d.depositId,
      amount: d.amount.toString(),
      currency: d.currency,
      channel: d.channel,
    },
  });
}
