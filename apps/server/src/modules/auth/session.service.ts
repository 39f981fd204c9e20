import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import type { MemberCache } from '../../lib/member-cache.ts';

/** A remembered session (remember me) lives at most this long, renewed silently (docs/design.md §5). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** A session without remember me ends with the working day. */
export const SESSION_SHORT_MS = 12 * 3600_000;
const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** The bearer JWT names the session and lives this long; the player renews it with the refresh token. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;
const AUDIENCE = 'wallet-player';
const ISSUER = 'member-wallet';
/** Verified signatures kept in memory (a token string that verified once always verifies); bounded. */
const VERIFIED_CACHE_SIZE = 20_000;

/** What login and renewal hand out: a short access JWT and the renewal secret of its session. */
export type SessionTokens = { token: string; refreshToken: string };

const sha256 = (value: string) => createHash('sha256').update(value).digest();
const REFRESH_FORMAT = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;

/** The signed-in member a request acts for. */
export type AuthMember = {
  id: number;
  username: string;
  name: string;
  currency: string;
  sessionId: string;
};

/** What a session needs to know of its member; the account module provides it (account.api.ts `sessionMembers`). */
export type SessionMembers = {
  find(memberId: number): Promise<{ username: string; name: string; currency: string; status: string } | undefined>;
};

/** Server-side sessions behind short HS256 JWTs: logout, password change and deactivation revoke at once. */
export class SessionService {
  private readonly key: Uint8Array;
  /** token → its session id and expiry, for tokens whose signature, audience and issuer already checked out */
  private readonly verified = new Map<string, { sid: string; expMs: number }>();
  /** the per-request session lookup, prepared once (GET /api/wallet budget, docs/design.md §8) */
  private readonly lookup;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly clock: Clock,
    private readonly members: SessionMembers,
    /** when set, session rows are served from memory; revocation evicts them in every process */
    private readonly cache: MemberCache | null = null,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.lookup = db
      .select({
        memberId: sessions.memberId,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
        refreshHash: sessions.refreshHash,
      })
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder('sid')))
      .prepare('session_lookup');
  }

  /** The session row with its member (the member's status decides liveness too), or undefined. */
  private async load(sid: string) {
    const [session] = await this.lookup.execute({ sid });
    if (!session) return undefined;
    const member = await this.members.find(session.memberId);
    return member ? { ...session, ...member, id: session.memberId } : undefined;
  }

  /** Whether the member signed in from this IP since `since` (a known device for the login limits). */
  async hasSessionFromIp(memberId: number, ip: string, since: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.memberId, memberId), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
      .limit(1);
    return row !== undefined;
  }

  /** The session id a token names, once its signature and claims check out (cached per token string). */
  private async sessionIdOf(token: string, now: Date): Promise<string> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expMs <= now.getTime()) throw new AppError('invalid-token');
      return hit.sid;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: now,
      });
      if (typeof payload.sid !== 'string' || typeof payload.exp !== 'number') throw new Error('bad claims');
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { sid: payload.sid, expMs: payload.exp * 1000 });
      return payload.sid;
    } catch {
      throw new AppError('invalid-token');
    }
  }

  /** A new session and its first access token (tests and internal callers that need no renewal). */
  async create(memberId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
    return (await this.start(memberId, meta)).token;
  }

  /** Sign in: a server-side session (30 days with remember me, else 12 hours) and its tokens. */
  async start(
    memberId: number,
    meta: { ip?: string; userAgent?: string; remember?: boolean } = {},
  ): Promise<SessionTokens> {
    const now = this.clock.now();
    const id = randomBytes(18).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + (meta.remember === false ? SESSION_SHORT_MS : SESSION_ABSOLUTE_MS));
    await this.db.insert(sessions).values({
      id,
      memberId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      refreshHash: sha256(secret).toString('hex'),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { token: await this.accessToken(id, memberId, expiresAt, now), refreshToken: `${id}.${secret}` };
  }

  private accessToken(sid: string, memberId: number, sessionExpiresAt: Date, now: Date): Promise<string> {
    const expMs = Math.min(now.getTime() + ACCESS_TOKEN_TTL_MS, sessionExpiresAt.getTime());
    return new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(memberId))
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expMs / 1000))
      .sign(this.key);
  }

  /**
   * Silent renewal: a fresh access token for a live session, given its refresh token. The session (revocable, with
   * its own absolute and idle expiry) is the long-lived credential; the refresh token is sent only here.
   */
  async renew(refreshToken: string): Promise<SessionTokens> {
    const now = this.clock.now();
    const match = REFRESH_FORMAT.exec(refreshToken);
    if (!match) throw new AppError('invalid-token');
    const [, sid, secret] = match as unknown as [string, string, string];
    const row = await this.load(sid);
    const expected = row?.refreshHash ? Buffer.from(row.refreshHash, 'hex') : null;
    if (!row || !expected || !timingSafeEqual(expected, sha256(secret)) || !this.isLive(row, now)) {
      throw new AppError('invalid-token');
    }
    await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sid));
    return { token: await this.accessToken(sid, row.id, row.expiresAt, now), refreshToken };
  }

  private isLive(
    row: { revokedAt: Date | null; expiresAt: Date; lastSeenAt: Date; status: string },
    now: Date,
  ): boolean {
    return (
      !row.revokedAt &&
      row.expiresAt > now &&
      now.getTime() - row.lastSeenAt.getTime() <= SESSION_IDLE_MS &&
      row.status === 'active'
    );
  }

  /** Resolve a bearer token to its member, or throw 401 invalid-token. */
  async verify(token: string): Promise<AuthMember> {
    const now = this.clock.now();
    const sid = await this.sessionIdOf(token, now);
    // the session row is read on every request, or served from the member cache, which revocation, password
    // change and deactivation evict in every process at once (memberChanged after commit)
    const load = () => this.load(sid);
    let row = this.cache ? await this.cache.session(sid, load, (r) => r.id) : await load();
    if (this.cache && row && !this.isLive(row, now)) {
      // a cached row may carry an old lastSeenAt (another process kept it fresh): decide on the database's
      this.cache.forgetSession(sid);
      row = await load();
    }
    if (!row || !this.isLive(row, now)) throw new AppError('invalid-token');
    if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sid));
      row.lastSeenAt = now;
    }
    return { id: row.id, username: row.username, name: row.name, currency: row.currency, sessionId: sid };
  }

  /** End one session (logout); emits `session.revoked` in the same transaction. */
  async revoke(sessionId: string, reason = 'logout'): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: this.clock.now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id, memberId: sessions.memberId });
      await emitRevoked(tx, rows, reason);
    });
  }

  /** Revoke every session of a member, optionally keeping one (the one changing the password). */
  async revokeAll(memberId: number, exceptSessionId?: string, reason = 'password-change'): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: this.clock.now() })
        .where(
          and(
            eq(sessions.memberId, memberId),
            isNull(sessions.revokedAt),
            exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`,
          ),
        )
        .returning({ id: sessions.id, memberId: sessions.memberId });
      await emitRevoked(tx, rows, reason);
      return rows.length;
    });
  }
}

async function emitRevoked(tx: Tx, rows: Array<{ id: string; memberId: number }>, reason: string): Promise<void> {
  for (const row of rows) {
    await emit(tx, { type: 'session.revoked', payload: { memberId: row.memberId, sessionId: row.id, reason } });
  }
}
