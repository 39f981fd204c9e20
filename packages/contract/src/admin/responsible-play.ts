import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LimitKindSchema, ResponsiblePlaySchema, StartBreakSchema } from '../responsible-play.ts';
import { MoneySchema } from '../common.ts';

/**
 * A member's responsible-play limits and breaks in the console: operators see them and can only tighten (a lower
 * limit, a longer break), audited (docs/responsible-play.md §5, docs/decisions/0039).
 */
const IdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const Members = ['support', 'finance'] as const;
const Reason = z.string().trim().min(3).max(500);

export const adminResponsiblePlayEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id/responsible-play',
    access: { operator: Members },
    params: IdParams,
    response: ResponsiblePlaySchema,
    summary: "A member's responsible-play limits and running break",
  }),
  setLimit: defineEndpoint({
    method: 'POST',
    path: '/api/admin/members/:id/responsible-play/limit',
    access: { operator: Members },
    params: IdParams,
    body: z.object({
      kind: LimitKindSchema,
      value: MoneySchema.refine((n) => n > 0, { message: 'must be positive' }),
      reason: Reason,
    }),
    response: ResponsiblePlaySchema,
    summary: "Tighten a member's limit (never loosen: LIMIT_TIGHTEN_ONLY)",
  }),
  startBreak: defineEndpoint({
    method: 'POST',
    path: '/api/admin/members/:id/responsible-play/break',
    access: { operator: Members },
    params: IdParams,
    body: z.intersection(StartBreakSchema, z.object({ reason: Reason })),
    response: ResponsiblePlaySchema,
    summary: 'Put a member on a cooling-off or self-exclusion (it can only end later than a running one)',
  }),
};
