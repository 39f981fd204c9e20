// A withdrawal as the admin API shows it (queue, member page, dashboard).
import type { AdminWithdrawal } from '@wallet/contract/admin/withdrawals';
import { toMajor } from '../ledger/ledger.api.ts';
import type { Withdrawal } from './withdrawal.repository.ts';

export function toAdminWithdrawal(w: Withdrawal, member?: { name: string; username: string }): AdminWithdrawal {
  return {
    id: w.id,
    memberId: w.memberId,
    member: member ?? { name: '', username: '' },
    amount: toMajor(w.amount),
    currency: w.currency,
    status: w.status as AdminWithdrawal['status'],
    bankAccount: { bankCode: w.bankCode, bankAccountNo: w.bankAccountNo, bankAccountName: w.bankAccountName },
    autoApproved: w.autoApproved,
    rejectReason: w.rejectReason,
    rejectNote: w.rejectNote,
    lastError: w.lastError,
    bankRef: w.bankRef,
    payoutAttempts: w.payoutAttempts,
    inquiries: w.inquiries,
    reviewedBy: w.reviewedBy,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}
