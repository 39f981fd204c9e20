import {
  holdsMoneyRole,
  type EnrolmentLink,
  type Operator,
  type OperatorRequest,
} from '@wallet/contract/admin/operators';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Page } from '@wallet/contract/admin/paging';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { operatorEnrolments, operators } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { encrypt } from '../../lib/crypto-box.ts';
import { appendAudit, type AuditActor } from '../audit/audit.api.ts';
import type { OperatorEnrolmentService } from './operator-enrolment.service.ts';
import type { OperatorRequestsService } from './operator-requests.service.ts';
import type { AuthOperator, OperatorSessionService } from './operator-sessions.ts';
import { hashPassword } from './password.ts';
import { newTotpSecret, totpContext } from './totp.ts';

export { totpContext } from './totp.ts';

type Row = typeof operators.$inferSelect;

const toOperator = (
  row: Row,
  extra: { enrolmentExpiresAt?: Date | undefined; pendingRequest?: OperatorRequest | undefined } = {},
): Operator => ({
  id: row.id,
  username: row.username,
  roles: row.roles as OperatorRole[],
  enabled: row.enabled,
  state: row.passwordHash === null ? 'invited' : 'active',
  totpConfirmed: row.totpConfirmedAt !== null,
  enrolmentExpiresAt: extra.enrolmentExpiresAt?.toISOString() ?? null,
  pendingRequest: extra.pendingRequest ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** What an audit row records of an operator (never its password hash or TOTP secret). */
const audited = (row: Row) => ({
  username: row.username,
  roles: row.roles,
  enabled: row.enabled,
  state: row.passwordHash === null ? 'invited' : 'active',
  totpConfirmed: row.totpConfirmedAt !== null,
});

const sortedRoles = (roles: readonly OperatorRole[]) => [...new Set(roles)].sort();

type Deps = {
  db: Db;
  clock: Clock;
  encryptionKey: string;
  sessions: OperatorSessionService;
  enrolment: OperatorEnrolmentService;
  requests: OperatorRequestsService;
};
type Meta = { ip: string | null };
type Outcome = { enrolment: EnrolmentLink | null; request: OperatorRequest | null };

/** Operator accounts, managed by operators holding `admin`; every change writes an audit row in its transaction. */
export class OperatorAccountsService {
  constructor(private readonly deps: Deps) {}

  async list(page: { page: number; pageSize: number }): Promise<Page<Operator>> {
    const { db, clock, requests } = this.deps;
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(operators)
        .orderBy(asc(operators.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ total: sql<number>`count(*)::int` }).from(operators),
    ]);
    const ids = rows.map((r) => r.id);
    const [links, pending] = await Promise.all([
      ids.length === 0
        ? []
        : db
            .select({ operatorId: operatorEnrolments.operatorId, expiresAt: operatorEnrolments.expiresAt })
            .from(operatorEnrolments)
            .where(
              and(
                inArray(operatorEnrolments.operatorId, ids),
                isNull(operatorEnrolments.usedAt),
                isNull(operatorEnrolments.revokedAt),
                gt(operatorEnrolments.expiresAt, clock.now()),
              ),
            ),
      requests.pendingOf(ids),
    ]);
    const linkOf = new Map(links.map((l) => [l.operatorId, l.expiresAt]));
    return {
      rows: rows.map((r) => toOperator(r, { enrolmentExpiresAt: linkOf.get(r.id), pendingRequest: pending.get(r.id) })),
      total: count?.total ?? 0,
      ...page,
    };
  }

  /**
   * Insert an operator and audit it. Without a password it is `invited` (the admin console's way: the operator sets
   * it through an enrolment link); the demo seed, as the system, passes one with a confirmed secret.
   */
  async insert(
    tx: Tx,
    actor: AuditActor,
    input: {
      username: string;
      password?: string;
      roles: readonly OperatorRole[];
      totpSecret?: string;
      confirmed?: boolean;
    },
    meta: Meta,
  ): Promise<{ row: Row; secret: string }> {
    const { clock, encryptionKey } = this.deps;
    const now = clock.now();
    const secret = input.totpSecret ?? newTotpSecret();
    const [row] = await tx
      .insert(operators)
      .values({
        username: input.username,
        passwordHash: input.password === undefined ? null : await hashPassword(input.password),
        roles: sortedRoles(input.roles),
        totpSecretBox: encrypt(secret, encryptionKey, totpContext(input.username)),
        totpConfirmedAt: input.confirmed ? now : null,
        enabled: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('operator insert returned nothing');
    const target = `operator:${row.id}`;
    await appendAudit(
      tx,
      { actor, action: 'operator.create', target, before: null, after: audited(row), ...meta },
      now,
    );
    return { row, secret };
  }

  /**
   * Invite an operator (docs/decisions/0023-operator-enrolment.md): no password, no TOTP secret in the answer. Without
   * a money role the answer holds its one-time enrolment link; with admin or finance the operator waits, roleless
   * and without a link, for a second admin's approval (who then receives the link).
   */
  async create(
    actor: AuthOperator,
    input: { username: string; roles: OperatorRole[] },
    meta: Meta,
  ): Promise<Outcome & { operator: Operator }> {
    const { db, enrolment, requests } = this.deps;
    const needsSecond = holdsMoneyRole(input.roles);
    const hours = await enrolment.linkHours();
    try {
      return await db.transaction(async (tx) => {
        const { row } = await this.insert(
          tx,
          actor,
          { username: input.username, roles: needsSecond ? [] : input.roles },
          meta,
        );
        if (needsSecond) {
          const request = await requests.open(
            tx,
            actor,
            row,
            { kind: 'create', roles: sortedRoles(input.roles) },
            meta,
          );
          return { operator: toOperator(row, { pendingRequest: request }), enrolment: null, request };
        }
        const link = await enrolment.issue(tx, actor, row.id, { ...meta, hours });
        const operator = toOperator(row, { enrolmentExpiresAt: new Date(link.expiresAt) });
        return { operator, enrolment: link, request: null };
      });
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('EXISTING_USER');
      throw err;
    }
  }

  /**
   * Roles and enabled. Removing roles and disabling apply at once; a role set adding admin or finance becomes a
   * request for a second admin (the other changes still apply).
   */
  async update(
    actor: AuthOperator,
    id: number,
    change: { roles?: OperatorRole[] | undefined; enabled?: boolean | undefined },
    meta: Meta,
  ): Promise<{ operator: Operator; request: OperatorRequest | null }> {
    // an admin cannot lock themself out (remove their own admin role, or disable themself)
    if (id === actor.id && (change.enabled === false || (change.roles && !change.roles.includes('admin')))) {
      throw new AppError('FORBIDDEN');
    }
    const { db, clock, sessions, requests } = this.deps;
    return db.transaction(async (tx) => {
      const before = await this.lockedRow(tx, id);
      const held = before.roles as OperatorRole[];
      const added = change.roles?.filter((role) => !held.includes(role)) ?? [];
      const request =
        change.roles && holdsMoneyRole(added)
          ? await requests.open(tx, actor, before, { kind: 'roles', roles: sortedRoles(change.roles) }, meta)
          : null;
      const roles = change.roles && !request ? sortedRoles(change.roles) : undefined;
      if (roles === undefined && change.enabled === undefined) {
        return { operator: toOperator(before, { pendingRequest: request ?? undefined }), request };
      }
      const now = clock.now();
      const [after] = await tx
        .update(operators)
        .set({
          ...(roles ? { roles } : {}),
          ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
          updatedAt: now,
        })
        .where(eq(operators.id, id))
        .returning();
      if (!after) throw new AppError('NOT_FOUND');
      if (!after.enabled) await sessions.revokeAll(tx, id);
      await appendAudit(
        tx,
        {
          actor,
          action: 'operator.update',
          target: `operator:${id}`,
          before: audited(before),
          after: audited(after),
          ...meta,
        },
        now,
      );
      return { operator: toOperator(after, { pendingRequest: request ?? undefined }), request };
    });
  }

  /**
   * A new enrolment link (lost phone): the old link, password, authenticator and sessions stop working. For an
   * operator holding admin or finance it is a request a second admin approves (one admin alone would otherwise take
   * over a money account).
   */
  async reissueEnrolment(actor: AuthOperator, id: number, meta: Meta): Promise<Outcome> {
    const { db, enrolment, requests } = this.deps;
    const hours = await enrolment.linkHours();
    return db.transaction(async (tx) => {
      const row = await this.lockedRow(tx, id);
      await requests.refuseIfPending(tx, id);
      if (holdsMoneyRole(row.roles as OperatorRole[])) {
        return {
          enrolment: null,
          request: await requests.open(tx, actor, row, { kind: 'enrolment', roles: null }, meta),
        };
      }
      return { enrolment: await enrolment.issue(tx, actor, id, { ...meta, hours }), request: null };
    });
  }

  /** The demo seed only (its secret was sealed with another ENCRYPTION_KEY): a new confirmed secret, audited. */
  async replaceDemoSecret(actor: AuditActor, id: number, meta: Meta): Promise<string> {
    const { db, clock, sessions, encryptionKey } = this.deps;
    const secret = newTotpSecret();
    await db.transaction(async (tx) => {
      const before = await this.lockedRow(tx, id);
      const now = clock.now();
      const [after] = await tx
        .update(operators)
        .set({
          totpSecretBox: encrypt(secret, encryptionKey, totpContext(before.username)),
          totpConfirmedAt: now,
          totpLastStep: null,
          updatedAt: now,
        })
        .where(eq(operators.id, id))
        .returning();
      if (!after) throw new AppError('NOT_FOUND');
      await sessions.revokeAll(tx, id);
      const entry = { actor, action: 'operator.totp.reset', target: `operator:${id}`, ...meta };
      await appendAudit(tx, { ...entry, before: audited(before), after: audited(after) }, now);
    });
    return secret;
  }

  private async lockedRow(tx: Tx, id: number): Promise<Row> {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
