import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

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

/** The audit log (role `admin`), newest first. */
export const adminAuditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    access: { operator: ['admin'] },
    response: z.object({ rows: z.array(AuditRowSchema) }),
    summary: 'The latest 200 audit rows, newest first',
  }),
};
