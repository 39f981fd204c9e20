import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf, PageQuerySchema } from './paging.ts';
import { OperatorRoleSchema, OperatorUsernameSchema } from './auth.ts';
import type { OperatorRole } from './roles.ts';

/** The roles whose grant needs a second admin (docs/decisions/0023-operator-enrolment.md): they move money. */
export const MONEY_ROLES = ['admin', 'finance'] as const satisfies readonly OperatorRole[];
export const holdsMoneyRole = (roles: readonly OperatorRole[]): boolean =>
  roles.some((role) => (MONEY_ROLES as readonly OperatorRole[]).includes(role));

/** A change to an operator waiting for a second admin: a creation or role grant with a money role, a re-enrolment. */
export const OperatorRequestSchema = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  username: z.string(),
  kind: z.enum(['create', 'roles', 'enrolment']),
  /** the operator's roles once approved (create, roles); null for an enrolment */
  roles: z.array(OperatorRoleSchema).nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type OperatorRequest = z.infer<typeof OperatorRequestSchema>;

export const OperatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(OperatorRoleSchema),
  enabled: z.boolean(),
  /** invited: has not chosen a password and set up the authenticator yet (enrolment link); active: has */
  state: z.enum(['invited', 'active']),
  /** false until the operator confirms an authenticator code at enrolment */
  totpConfirmed: z.boolean(),
  /** when the operator's latest unused enrolment link stops working (null: none live) */
  enrolmentExpiresAt: z.string().nullable(),
  /** the change waiting for a second admin, if any */
  pendingRequest: OperatorRequestSchema.nullable(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/**
 * A one-time enrolment link, shown once to the admin who completed the change (the creator, or the second admin who
 * approved it): the operator opens `/admin/enrol?token=…`, chooses a password and scans the authenticator QR.
 */
export const EnrolmentLinkSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type EnrolmentLink = z.infer<typeof EnrolmentLinkSchema>;

/** The outcome of a change that may need a second admin: done (with its link, if one was issued), or pending. */
const OutcomeSchema = z.object({
  enrolment: EnrolmentLinkSchema.nullable(),
  request: OperatorRequestSchema.nullable(),
});

const roles = z.array(OperatorRoleSchema).min(1).max(4);
/** No password: the operator chooses it at enrolment (the admin never sees it, nor the TOTP secret). */
export const CreateOperatorRequestSchema = z.object({ username: OperatorUsernameSchema, roles });
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
    response: OutcomeSchema.extend({ operator: OperatorSchema }),
    summary:
      'Invite an operator: its one-time enrolment link, or (admin or finance among the roles) a request a second admin approves',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/operators/:id',
    access: { operator: ['admin'] },
    params: IdParamsSchema,
    body: UpdateOperatorRequestSchema,
    response: z.object({ operator: OperatorSchema, request: OperatorRequestSchema.nullable() }),
    summary:
      'Set roles or enable/disable an operator (disabling revokes its sessions); adding admin or finance waits for a second admin',
  }),
  reissueEnrolment: defineEndpoint({
    method: 'POST',
    path: '/api/admin/operators/:id/enrolment',
    access: { operator: ['admin'] },
    params: IdParamsSchema,
    response: OutcomeSchema,
    summary:
      'New enrolment link (lost phone): the old link, password, authenticator and sessions stop working; a second admin approves it for an operator holding admin or finance',
  }),
  requests: defineEndpoint({
    method: 'GET',
    path: '/api/admin/operator-requests',
    access: { operator: ['admin'] },
    query: PageQuerySchema,
    response: pageOf(OperatorRequestSchema),
    summary: 'Operator changes waiting for a second admin, oldest first',
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/operator-requests/:id/approve',
    access: { operator: ['admin'] },
    params: IdParamsSchema,
    response: OutcomeSchema,
    summary:
      'Approve a pending operator change (not by its requester, nor by the operator it is about); a creation or re-enrolment answers the link',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/operator-requests/:id/reject',
    access: { operator: ['admin'] },
    params: IdParamsSchema,
    response: z.object({ request: OperatorRequestSchema }),
    summary:
      'Reject (or, by its requester, withdraw) a pending operator change; a rejected creation disables the operator',
  }),
};
