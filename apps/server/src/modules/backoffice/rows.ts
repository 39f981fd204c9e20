import type { GameTransferRow, LedgerEntryRow } from '@wallet/contract/admin/members';
import type { GameTransfer } from '../game-transfers/game-transfers.api.ts';
import type { MemberLedgerEntry } from '../ledger/ledger.api.ts';

export const transferRow = (t: GameTransfer): GameTransferRow => ({
  id: t.id,
  memberId: t.memberId,
  game: t.game,
  direction: t.direction,
  amount: String(t.amount),
  currency: t.currency,
  status: t.status,
  providerRef: t.providerRef,
  attempts: t.attempts,
  lastError: t.lastError,
  createdAt: t.createdAt.toISOString(),
  settledAt: t.settledAt?.toISOString() ?? null,
});

export const ledgerRow = (e: MemberLedgerEntry): LedgerEntryRow => {
  const meta = (e.metadata ?? {}) as Record<string, unknown>;
  return {
    entryId: e.entryId,
    transactionId: e.transactionId,
    kind: e.kind,
    account: e.account,
    amount: String(e.amount),
    currency: e.currency,
    reference: e.reference,
    reason: typeof meta.reason === 'string' ? meta.reason : null,
    at: e.at.toISOString(),
  };
};
