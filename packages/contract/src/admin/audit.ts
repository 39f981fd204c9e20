import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf, PagedQuerySchema, SortDirSchema } from './paging.ts';

export const AuditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  hash: z.string(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

/** The audit list's sort keys (its visible columns); `at` is the log's own order (its id), every other key ends with it. */
export const AUDIT_SORTS = ['at', 'operator', 'action', 'target'] as const;

export const AuditQuerySchema = PagedQuerySchema.extend({
  sort: z.enum(AUDIT_SORTS).default('at'),
  dir: SortDirSchema.default('desc'),
  /** the operator's username (exact; `system` for the seed) */
  operator: z.string().trim().max(32).optional(),
  /** an action or its prefix: `operator` matches `operator.create`, `operator.totp.reset` … */
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z0-9._-]*$/)
    .optional(),
});

export const AuditVerificationSchema = z.object({
  /** rows walked */
  rows: z.number().int(),
  /** one line per broken link, edited or deleted row; empty when the chain holds */
  problems: z.array(z.string()),
  ok: z.boolean(),
  checkedAt: z.string(),
});
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;

/** The audit log (role `admin`), newest first, and its hash-chain check. */
export const adminAuditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    access: { operator: ['admin'] },
    query: AuditQuerySchema,
    response: pageOf(AuditRowSchema),
    summary: 'Audit rows, newest first, filtered by operator, action (prefix) and time, one page',
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit/verify',
    access: { operator: ['admin'] },
    response: AuditVerificationSchema,
    summary: 'Walk the whole audit hash chain and report every broken link, edited or deleted row',
  }),
};
