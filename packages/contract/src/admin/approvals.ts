import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf, PagedQuerySchema } from './paging.ts';

export const APPROVAL_KINDS = ['adjustment', 'manual_deposit', 'setting'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'within_limit'] as const;

/**
 * One action under four eyes (docs/decisions/0022-four-eyes-approvals.md): who asked, what, for how much or which
 * change, and who decided. `within_limit` = executed by its requester alone (under the threshold).
 */
export const ApprovalSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  /** `adjustment:{id}`, `deposit:{id}`, `setting:{key}` */
  target: z.string(),
  memberId: z.number().int().nullable(),
  /** signed minor units of a money action; null for a setting */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  /** a setting: `{ key, before, after }`; an adjustment: `{ reason }`; a manual deposit: `{ note }` */
  payload: z.record(z.string(), z.unknown()),
  /** the role the second operator needs */
  role: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type Approval = z.infer<typeof ApprovalSchema>;

const IdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const Note = z.string().trim().min(3).max(500);
const Deciders = ['finance', 'admin'] as const;

/**
 * The pending-approvals queue (roles finance or admin; each request also names the role its approver needs):
 * approving executes the action once, in the transaction that marks it approved; its requester can never decide it.
 */
export const adminApprovalEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/approvals',
    access: { operator: Deciders },
    query: PagedQuerySchema.extend({
      status: z.enum(APPROVAL_STATUSES).optional(),
      kind: z.enum(APPROVAL_KINDS).optional(),
    }),
    response: pageOf(ApprovalSchema),
    summary: 'Requests under four eyes (pending: oldest first, a queue; else newest first)',
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/approvals/:id/approve',
    access: { operator: Deciders },
    params: IdParams,
    response: z.object({ approval: ApprovalSchema }),
    movesMoney: true,
    summary: 'Approve and execute a pending request (a different operator holding its role)',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/approvals/:id/reject',
    access: { operator: Deciders },
    params: IdParams,
    body: z.object({ note: Note }),
    response: z.object({ approval: ApprovalSchema }),
    summary: 'Reject a pending request (its requester may withdraw it); nothing is executed',
  }),
};
