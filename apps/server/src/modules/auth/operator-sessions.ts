import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { OperatorSession } from '@wallet/contract/admin/auth';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { operators, operatorSessions } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../audit/audit.api.ts';
import {
  cookieNames,
  CSRF_HEADER,
  csrfTokenOf,
  isCsrfTokenOf,
  readCookie,
  type CookieNames,
} from './operator-cookies.ts';

/** Shorter than a member's: a back-office session lasts a working day, idles out after 30 minutes. */
const OPERATOR_SESSION_ABSOLUTE_MS = 12 * 3600_000;
export const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;
/** not the members' `wallet-player`: a member token never passes here, nor an operator token there */
const AUDIENCE = 'wallet-operator';
const ISSUER = 'member-wallet';

/** The signed-in operator a request acts for. */
export type AuthOperator = { id: number; username: string; roles: OperatorRole[]; sessionId: string };

/**
 * What the auth hook reads of a request (a Fastify request fits): `host` is the one the client asked for, from
 * X-Forwarded-Host behind a trusted proxy (TRUST_PROXY), else the Host header.
 */
type RequestLike = { method: string; host?: string; headers: Record<string, string | string[] | undefined> };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const header = (request: RequestLike, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether a request came from a page of this site: an Origin header, when sent, names this host, and Sec-Fetch-Site,
 * when sent, says same-origin. Browsers send at least one of them on a cross-site POST.
 */
export function isSameOriginRequest(request: RequestLike): boolean {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = header(request, 'origin');
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === (request.host ?? header(request, 'host'));
  } catch {
    return false;
  }
}

/** Server-side operator sessions behind short HS256 JWTs (audience `wallet-operator`). */
export class OperatorSessionService {
  private readonly key: Uint8Array;
  /** the console's cookie names (prefixed and Secure in production) */
  readonly cookies: CookieNames;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly clock: Clock,
    options: { secureCookies?: boolean } = {},
  ) {
    this.key = new TextEncoder().encode(secret);
    this.cookies = cookieNames(options.secureCookies ?? false);
  }

  /** The key the console's CSRF proofs and device marks are signed with (apart from the JWTs by purpose). */
  get signingKey(): Uint8Array {
    return this.key;
  }

  /** The CSRF proof the console sends back with every state-changing call of this session. */
  csrfToken(sessionId: string): string {
    return csrfTokenOf(this.key, sessionId);
  }

  /**
   * The operator of a request: a Bearer token (API clients; a browser never adds one by itself), else the console's
   * session cookie, which on a state-changing call also needs the session's CSRF proof and a same-origin request
   * (403 CSRF_REFUSED). 401 invalid-token without either, or when the session is not live.
   */
  async fromRequest(request: RequestLike, bearer: string | null): Promise<AuthOperator> {
    if (bearer) return this.verify(bearer);
    const token = readCookie(header(request, 'cookie'), this.cookies.session);
    if (!token) throw new AppError('invalid-token');
    const operator = await this.verify(token);
    if (SAFE_METHODS.has(request.method)) return operator;
    if (!isSameOriginRequest(request) || !isCsrfTokenOf(this.key, operator.sessionId, header(request, CSRF_HEADER))) {
      throw new AppError('CSRF_REFUSED');
    }
    return operator;
  }

  /**
   * The console's session token from a socket handshake's headers (the operator socket authenticates with the same
   * cookie): only from a page of this site, so another site cannot open an operator socket in the browser.
   */
  cookieToken(headers: RequestLike['headers']): string | null {
    const request = { method: 'GET', headers };
    return isSameOriginRequest(request) ? readCookie(header(request, 'cookie'), this.cookies.session) : null;
  }

  /** The session a token names, whatever its state (the browser's previous session, ended at a new sign-in). */
  async sessionIdOf(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: this.clock.now(),
      });
      return typeof payload.sid === 'string' ? payload.sid : null;
    } catch {
      return null;
    }
  }

  async create(operatorId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
    return (await this.start(operatorId, meta)).token;
  }

  /** A new session: its id (for the CSRF proof) and its token. */
  async start(
    operatorId: number,
    meta: { ip?: string; userAgent?: string } = {},
  ): Promise<{ sessionId: string; token: string; expiresAt: Date }> {
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
    const token = await new SignJWT({ sid: id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(operatorId))
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { sessionId: id, token, expiresAt };
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
