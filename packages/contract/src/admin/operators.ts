import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf, PageQuerySchema } from './paging.ts';
import { OperatorRoleSchema, OperatorUsernameSchema, TotpEnrolmentSchema } from './auth.ts';

export const OperatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(OperatorRoleSchema),
  enabled: z.boolean(),
  /** false until the operator's first sign-in with a code from the current TOTP secret */
  totpConfirmed: z.boolean(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof OperatorSchema>;

export { TotpEnrolmentSchema, type TotpEnrolment } from './auth.ts';

const roles = z.array(OperatorRoleSchema).min(1).max(4);
export const CreateOperatorRequestSchema = z.object({
  username: OperatorUsernameSchema,
  password: z.string().min(12).max(128),
  roles,
});
export const UpdateOperatorRequestSchema = z
  .object({ roles: roles.optional(), enabled: z.boolean().optional() })
  .refine((b) => b.roles !== undefined || b.enabled !== undefined, { message: 'nothing to change' });
const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Operator accounts (role `admin`). Every change writes an audit row. */
export const adminOperatorEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/operators',
    access: { operator: ['admin'] },
    query: PageQuerySchema,
    response: pageOf(OperatorSchema),
    summary: 'List operators, oldest first, one page',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/operators',
    access: { operator: ['admin'] },
    body: CreateOperatorRequestSchema,
    response: z.object({ operator: OperatorSchema, enrolment: TotpEnrolmentSchema }),
    summary: 'Create an operator; returns its TOTP enrolment QR, confirmed by its first sign-in',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/operators/:id',
    access: { operator: ['admin'] },
    params: IdParamsSchema,
    body: UpdateOperatorRequestSchema,
    response: z.object({ operator: OperatorSchema }),
    summary: 'Set roles or enable/disable an operator (disabling revokes its sessions)',
  }),
  resetTotp: defineEndpoint({
    method: 'POST',
    path: '/api/admin/operators/:id/totp',
    access: { operator: ['admin'] },
    params: IdParamsSchema,
    response: TotpEnrolmentSchema,
    summary: 'New TOTP secret for an operator (QR enrolment, confirmed by its next sign-in); revokes its sessions',
  }),
};
