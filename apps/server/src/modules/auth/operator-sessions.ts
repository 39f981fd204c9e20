import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { OperatorSession } from '@wallet/contract/admin/auth';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { operators, operatorSessions } from '../../db/schema/operators.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../audit/audit.api.ts';

/** Shorter than a member's: a back-office session lasts a working day, idles out after 30 minutes. */
export const OPERATOR_SESSION_ABSOLUTE_MS = 12 * 3600_000;
export const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;
/** not the members' `wallet-player`: a member token never passes here, nor an operator token there */
const AUDIENCE = 'wallet-operator';
const ISSUER = 'member-wallet';

/** The signed-in operator a request acts for. */
export type AuthOperator = { id: number; username: string; roles: OperatorRole[]; sessionId: string };

/** Server-side operator sessions behind short HS256 JWTs (audience `wallet-operator`). */
export class OperatorSessionService {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async create(operatorId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
    const now = this.clock.now();
    const id = randomBytes(18).toString('base64url');
    const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_ABSOLUTE_MS);
    await this.db.insert(operatorSessions).values({
      id,
      operatorId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return new SignJWT({ sid: id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(operatorId))
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Resolve an operator token, or throw 401 invalid-token (also for a disabled operator or a revoked session). */
  async verify(token: string): Promise<AuthOperator> {
    const now = this.clock.now();
    let sid: string;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: now,
      });
      if (typeof payload.sid !== 'string') throw new Error('bad claims');
      sid = payload.sid;
    } catch {
      throw new AppError('invalid-token');
    }
    const [row] = await this.db
      .select({
        id: operators.id,
        username: operators.username,
        roles: operators.roles,
        enabled: operators.enabled,
        expiresAt: operatorSessions.expiresAt,
        lastSeenAt: operatorSessions.lastSeenAt,
        revokedAt: operatorSessions.revokedAt,
      })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(eq(operatorSessions.id, sid));
    const idle = row ? now.getTime() - row.lastSeenAt.getTime() : 0;
    if (!row || row.revokedAt || !row.enabled || row.expiresAt <= now || idle > OPERATOR_SESSION_IDLE_MS) {
      throw new AppError('invalid-token');
    }
    if (idle > LAST_SEEN_RESOLUTION_MS) {
      await this.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, sid));
    }
    return { id: row.id, username: row.username, roles: row.roles as OperatorRole[], sessionId: sid };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(operatorSessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
  }

  /** An operator's live sessions (not revoked, not expired, not idle too long), newest first. */
  async listLive(operator: AuthOperator): Promise<OperatorSession[]> {
    const now = this.clock.now();
    const rows = await this.db
      .select()
      .from(operatorSessions)
      .where(
        and(
          eq(operatorSessions.operatorId, operator.id),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
          gt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPERATOR_SESSION_IDLE_MS)),
        ),
      )
      .orderBy(desc(operatorSessions.createdAt))
      .limit(100);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      current: row.id === operator.sessionId,
    }));
  }

  /** Revoke one of the operator's own sessions, audited; NOT_FOUND when it is not theirs or already ended. */
  async revokeOwn(operator: AuthOperator, sessionId: string, meta: { ip: string | null }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const [row] = await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(operatorSessions.id, sessionId),
            eq(operatorSessions.operatorId, operator.id),
            isNull(operatorSessions.revokedAt),
          ),
        )
        .returning({ createdAt: operatorSessions.createdAt, ip: operatorSessions.ip });
      if (!row) throw new AppError('NOT_FOUND');
      // the audit row names the session by when and where it started, never by its id (a bearer secret's handle)
      const session = { createdAt: row.createdAt.toISOString(), ip: row.ip };
      await appendAudit(
        tx,
        {
          actor: operator,
          action: 'operator.session.revoke',
          target: `operator:${operator.id}`,
          before: { session, revoked: false },
          after: { session, revoked: true },
          ip: meta.ip,
        },
        now,
      );
    });
  }

  /** Revoke every session of an operator, inside the caller's transaction (disable, TOTP reset). */
  async revokeAll(tx: Tx, operatorId: number): Promise<void> {
    await tx
      .update(operatorSessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
  }
}

/** Whether an operator may call an endpoint needing one of `roles` (an empty list admits any operator). */
export const holdsAnyRole = (operator: AuthOperator, roles: readonly OperatorRole[]): boolean =>
  roles.length === 0 || roles.some((role) => operator.roles.includes(role));
