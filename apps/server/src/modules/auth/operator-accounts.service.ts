import type { Operator, TotpEnrolment } from '@wallet/contract/admin/operators';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import { asc, eq, sql } from 'drizzle-orm';
import type { Page } from '@wallet/contract/admin/paging';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { operators } from '../../db/schema/operators.ts';
import { AppError } from '../../errors.ts';
import { encrypt } from '../../lib/crypto-box.ts';
import { appendAudit, type AuditActor } from '../audit/audit.api.ts';
import type { AuthOperator, OperatorSessionService } from './operator-sessions.ts';
import { hashPassword } from './password.ts';
import { newTotpSecret, totpEnrolment } from './totp.ts';

type Row = typeof operators.$inferSelect;

/** The crypto-box context of an operator's TOTP secret: a box copied to another operator does not open. */
export const totpContext = (username: string) => `operator-totp:${username}`;

const toOperator = (row: Row): Operator => ({
  id: row.id,
  username: row.username,
  roles: row.roles as OperatorRole[],
  enabled: row.enabled,
  totpConfirmed: row.totpConfirmedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** What an audit row records of an operator (never its password hash or TOTP secret). */
const audited = (row: Row) => ({
  username: row.username,
  roles: row.roles,
  enabled: row.enabled,
  totpConfirmed: row.totpConfirmedAt !== null,
});

const sortedRoles = (roles: readonly OperatorRole[]) => [...new Set(roles)].sort();

type Deps = { db: Db; clock: Clock; encryptionKey: string; sessions: OperatorSessionService };
type Meta = { ip: string | null };

/** Operator accounts, managed by operators holding `admin`; every change writes an audit row in its transaction. */
export class OperatorAccountsService {
  constructor(private readonly deps: Deps) {}

  async list(page: { page: number; pageSize: number }): Promise<Page<Operator>> {
    const { db } = this.deps;
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(operators)
        .orderBy(asc(operators.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ total: sql<number>`count(*)::int` }).from(operators),
    ]);
    return { rows: rows.map(toOperator), total: count?.total ?? 0, ...page };
  }

  /** Insert an operator with a fresh TOTP secret and audit it (also used by the demo seed, as the system). */
  async insert(
    tx: Tx,
    actor: AuditActor,
    input: {
      username: string;
      password: string;
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
        passwordHash: await hashPassword(input.password),
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

  async create(
    actor: AuthOperator,
    input: { username: string; password: string; roles: OperatorRole[] },
    meta: Meta,
  ): Promise<{ operator: Operator; enrolment: TotpEnrolment }> {
    try {
      const { row, secret } = await this.deps.db.transaction((tx) => this.insert(tx, actor, input, meta));
      return { operator: toOperator(row), enrolment: await totpEnrolment(secret, row.username) };
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('EXISTING_USER');
      throw err;
    }
  }

  async update(
    actor: AuthOperator,
    id: number,
    change: { roles?: OperatorRole[] | undefined; enabled?: boolean | undefined },
    meta: Meta,
  ): Promise<Operator> {
    // an admin cannot lock themself out (remove their own admin role, or disable themself)
    if (id === actor.id && (change.enabled === false || (change.roles && !change.roles.includes('admin')))) {
      throw new AppError('FORBIDDEN');
    }
    const { db, clock, sessions } = this.deps;
    return db.transaction(async (tx) => {
      const before = await this.lockedRow(tx, id);
      const now = clock.now();
      const [after] = await tx
        .update(operators)
        .set({
          ...(change.roles ? { roles: sortedRoles(change.roles) } : {}),
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
      return toOperator(after);
    });
  }

  /** A new TOTP secret, unconfirmed until the operator's next sign-in; the operator's sessions end. */
  async resetTotp(actor: AuditActor, id: number, meta: Meta): Promise<TotpEnrolment> {
    const { db, clock, sessions, encryptionKey } = this.deps;
    const secret = newTotpSecret();
    const row = await db.transaction(async (tx) => {
      const before = await this.lockedRow(tx, id);
      const now = clock.now();
      const [after] = await tx
        .update(operators)
        .set({
          totpSecretBox: encrypt(secret, encryptionKey, totpContext(before.username)),
          totpConfirmedAt: null,
          totpLastStep: null,
          updatedAt: now,
        })
        .where(eq(operators.id, id))
        .returning();
      if (!after) throw new AppError('NOT_FOUND');
      await sessions.revokeAll(tx, id);
      const entry = { actor, action: 'operator.totp.reset', target: `operator:${id}`, ...meta };
      await appendAudit(tx, { ...entry, before: audited(before), after: audited(after) }, now);
      return after;
    });
    return totpEnrolment(secret, row.username);
  }

  private async lockedRow(tx: Tx, id: number): Promise<Row> {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
