import { WALLET_CODE } from '@wallet/contract/limits';
import type { StatementRow } from '@wallet/contract/statement';
import type { ContentLanguage } from '../content/content.api.ts';
import { isLedgerKind, LEDGER_KINDS, toMajor, type LedgerKind } from '../ledger/ledger.api.ts';

type StatementType = StatementRow['statementType'];
type Note = 'bonus' | 'promotion' | 'invite' | 'refund' | 'luckydraw';

/**
 * Which ledger transactions a member sees in the statement, and how (docs/spec.md §3 statement row). The other side
 * of the wallet is `metadata.channel` when the posting names one, else `place`. A kind without a fixed type is a
 * deposit when it credits the wallet and a withdrawal when it debits it. `note` carries `metadata.description`
 * (or `metadata.name` for bonuses) into the row's description object.
 *
 * Game transfers (GAME_TRANSFER_KINDS) are not listed here: they come one row per transfer from `game_transfers`,
 * which knows pending and failed ones too. Withdrawals likewise come one row per withdrawal from `withdrawals`
 * (in progress until paid; FAILED with the reason and the money returned once rejected).
 */
export const LEDGER_STATEMENT_KINDS: Partial<Record<LedgerKind, { type?: StatementType; place: string; note?: Note }>> =
  {
    [LEDGER_KINDS.deposit]: { type: 'deposit', place: 'BANK' },
    [LEDGER_KINDS.openingBalance]: { type: 'deposit', place: 'ADJUSTMENT' },
    [LEDGER_KINDS.adjustment]: { place: 'ADJUSTMENT' },
    [LEDGER_KINDS.bonus]: { type: 'bonus', place: 'BONUS', note: 'bonus' },
    [LEDGER_KINDS.promotion]: { type: 'bonus', place: 'PROMOTION', note: 'promotion' },
    [LEDGER_KINDS.invite]: { type: 'bonus', place: 'INVITE', note: 'invite' },
    [LEDGER_KINDS.refund]: { type: 'bonus', place: 'REFUND', note: 'refund' },
    [LEDGER_KINDS.luckydraw]: { type: 'bonus', place: 'LUCKYDRAW', note: 'luckydraw' },
    [LEDGER_KINDS.finishBonus]: { type: 'finish_bonus', place: 'BONUS' },
  };

/** A condition's name in each language (promotion_conditions.name), null for spin, refund and invite conditions. */
export type RawConditionName = { th: string; la: string; en: string } | null;

/** One row of the page query (statement.repository.ts). */
export type RawStatementRow =
  | {
      source: 'condition';
      id: string;
      status: string;
      name: RawConditionName;
      amount: bigint;
      createdAt: Date;
    }
  | { source: 'ledger'; id: string; kind: string; metadata: Record<string, unknown>; amount: bigint; createdAt: Date }
  | {
      source: 'transfer';
      id: string;
      game: string;
      direction: string;
      status: string;
      amount: bigint;
      createdAt: Date;
    }
  | {
      source: 'withdrawal';
      id: string;
      status: string;
      reason: string | null;
      amount: bigint;
      createdAt: Date;
    }
  | { source: 'notice'; id: string; status: string; channel: string; amount: bigint; createdAt: Date };

/**
 * pending_review, approved, paying and payout_failed (awaiting an operator) all read as in progress; CANCELLED is the
 * member's own cancellation (modules/withdrawals/README.md "Cancel").
 */
const WITHDRAWAL_STATUS: Record<string, string> = { paid: 'SUCCESS', rejected: 'FAILED', cancelled: 'CANCELLED' };

const TRANSFER_STATUS: Record<string, string> = { success: 'SUCCESS', failed: 'FAILED', pending: 'PENDING' };
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/**
 * A description stored per language (`{th, la, en}`, e.g. a prize-wheel slice's label) is read in the reader's
 * language, falling back to Thai then English; a plain string (older rows, operator notes) is shown as it is.
 */
function localizedText(value: unknown, lang: ContentLanguage): string | undefined {
  if (typeof value !== 'object' || value === null) return text(value);
  const forms = value as Partial<Record<ContentLanguage, unknown>>;
  return text(forms[lang]) ?? text(forms.th) ?? text(forms.en);
}

const CONDITION_STATUS: Record<string, string> = { success: 'SUCCESS', fail: 'FAILED', cancelled: 'CANCELLED' };
type FinishOutcome = NonNullable<StatementRow['finish']>['outcome'];
const CONDITION_OUTCOME: Record<string, FinishOutcome> = { success: 'met', fail: 'failed', cancelled: 'cancelled' };

export function toStatementRow(raw: RawStatementRow, lang: ContentLanguage): StatementRow {
  const createdAt = raw.createdAt.toISOString();
  if (raw.source === 'condition') {
    // a promotion condition ended (docs/design.md §4): success, fail, or cancelled with nothing left to forfeit
    const name = localizedText(raw.name, lang);
    return {
      _id: raw.id,
      statementType: 'finish_bonus',
      from: 'BONUS',
      to: WALLET_CODE,
      amount: 0,
      status: CONDITION_STATUS[raw.status] ?? raw.status.toUpperCase(),
      createdAt,
      ...(name ? { bonus: { name } } : {}),
      ...(CONDITION_OUTCOME[raw.status] ? { finish: { outcome: CONDITION_OUTCOME[raw.status]! } } : {}),
    };
  }
  if (raw.source === 'transfer') {
    const toGame = raw.direction === 'to_game';
    return {
      _id: raw.id,
      statementType: 'transfer',
      from: toGame ? WALLET_CODE : raw.game,
      to: toGame ? raw.game : WALLET_CODE,
      amount: toMajor(raw.amount),
      status: TRANSFER_STATUS[raw.status] ?? raw.status.toUpperCase(),
      createdAt,
    };
  }
  if (raw.source === 'notice') {
    // a deposit waiting for an operator (a transfer notice, money for an expired QR) or refused: nothing credited yet
    return {
      _id: raw.id,
      statementType: 'deposit',
      from: raw.channel,
      to: WALLET_CODE,
      amount: toMajor(raw.amount),
      status: raw.status === 'rejected' ? 'FAILED' : 'REVIEW',
      createdAt,
    };
  }
  if (raw.source === 'withdrawal') {
    const returned = raw.status === 'rejected' || raw.status === 'cancelled';
    return {
      _id: raw.id,
      statementType: 'withdraw',
      from: WALLET_CODE,
      to: 'BANK',
      amount: toMajor(raw.amount),
      status: WITHDRAWAL_STATUS[raw.status] ?? 'PENDING',
      createdAt,
      withdraw: {
        ...(raw.reason ? { reason: raw.reason } : {}),
        returned,
        ...(raw.status === 'pending_review' ? { cancellable: true } : {}),
      },
    };
  }
  const spec = (isLedgerKind(raw.kind) ? LEDGER_STATEMENT_KINDS[raw.kind] : undefined) ?? {
    place: raw.kind.toUpperCase(),
  };
  const credit = raw.amount >= 0n;
  const other = text(raw.metadata.channel) ?? spec.place;
  const row: StatementRow = {
    _id: raw.id,
    statementType: spec.type ?? (credit ? 'deposit' : 'withdraw'),
    from: credit ? other : WALLET_CODE,
    to: credit ? WALLET_CODE : other,
    amount: toMajor(credit ? raw.amount : -raw.amount),
    status: 'SUCCESS',
    createdAt,
  };
  if (raw.kind === LEDGER_KINDS.finishBonus) {
    // money taken back as a bonus ends: above the cap at success, or the unplayed bonus at a cancel (condition-engine.ts)
    const isCapped = raw.metadata.reason === 'maxWithdraw';
    row.finish = { outcome: isCapped ? 'capped' : 'forfeited' };
    if (!isCapped) row.status = 'CANCELLED';
  }
  const description = localizedText(raw.metadata.description, lang);
  if (spec.note === 'bonus') {
    const name = localizedText(raw.metadata.name, lang) ?? description;
    if (name) row.bonus = { name };
  } else if (spec.note && description) {
    row[spec.note] = { description };
  }
  return row;
}
