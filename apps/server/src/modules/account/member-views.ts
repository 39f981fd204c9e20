// How the admin API shows a member and its risk marks (the back office and withdrawals present them the same way).
import type { MemberRecord } from './member-admin.ts';
import type { MemberRiskFlags } from './member-flags.ts';

/** A member as the admin API shows it. */
export const memberSummary = (m: MemberRecord) => ({
  id: m.id,
  username: m.username,
  name: m.name,
  currency: m.currency,
  bankCode: m.bankCode,
  bankName: m.bankNameTH,
  bankAccountName: m.bankAccountName,
  bankAccountNo: m.bankAccountNo,
  status: m.status,
  createdAt: m.createdAt.toISOString(),
  flagged: m.flagged,
  payoutHold: m.payoutHold,
});

export const flagsView = (f: MemberRiskFlags) => ({
  ...f,
  flaggedAt: f.flaggedAt?.toISOString() ?? null,
  holdAt: f.holdAt?.toISOString() ?? null,
});
