import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { operators, operatorSignIns } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { decrypt } from '../../lib/crypto-box.ts';
import type { RateLimiter, RateLimitHit, RateLimitRule } from '../../lib/rate-limiter.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { deviceIdOf, issueDeviceMark } from './operator-cookies.ts';
import { totpContext } from './operator-accounts.service.ts';
import type { OperatorSessionService } from './operator-sessions.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import { totpEnrolment, totpStep } from './totp.ts';

/**
 * Sign-in limits (docs/decisions/0021-operator-console-session.md). Every attempt is counted BEFORE the password and
 * code are checked, so a burst is refused past the limit however parallel it is; a success gives its counts back.
 * - per address, whatever the username: one client trying many names;
 * - per (username, address): the lock; an address that failed 5 times is refused, the owner elsewhere is not;
 * - per username, from browsers without the account's device cookie: caps guessing spread over many addresses;
 * - per (username, device), for a browser holding the account's signed device cookie: the owner's own budget, which
 *   nobody else's failures touch.
 */
export const OPERATOR_LOGIN_IP_RULE: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
export const OPERATOR_LOGIN_PAIR_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
export const OPERATOR_LOGIN_USER_RULE: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const OPERATOR_LOGIN_DEVICE_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

type Deps = { db: Db; clock: Clock; limiter: RateLimiter; sessions: OperatorSessionService; encryptionKey: string };
type Credentials = { username: string; password: string; totp?: string | undefined };
type Enrolment = { uri: string; qr: string };
/** the client: its address, browser, and the device cookie it sent (null without one) */
export type SignInMeta = { ip: string; userAgent: string; deviceMark: string | null };
/** a signed-in session, with the device mark to set (renewed), or the enrolment QR (first sign-in, no code) */
export type SignInResult =
  { sessionId: string; token: string; expiresAt: Date; deviceMark: string } | { enrolment: Enrolment };
export type SignInOutcome = 'success' | 'enrolment' | 'wrong' | 'locked';
type OperatorRow = typeof operators.$inferSelect;

/**
 * Operator sign-in: password (argon2id) and a TOTP code, both required. Every failure answers the same
 * OPERATOR_CREDENTIAL_WRONG (which factor failed is never told); a code is accepted once (its 30-second step is
 * stored); the first accepted code from a new secret confirms the enrolment (audited). Every attempt is recorded in
 * `operator_sign_ins`.
 */
export class OperatorLoginService {
  constructor(private readonly deps: Deps) {}

  async login(credentials: Credentials, meta: SignInMeta): Promise<SignInResult> {
    const { db, clock } = this.deps;
    const username = credentials.username.trim().toLowerCase();
    const [row] = await db.select().from(operators).where(eq(operators.username, username));
    const deviceId = row ? deviceIdOf(this.deps.sessions.signingKey, meta.deviceMark, row.id, clock.now()) : null;
    const record = (outcome: SignInOutcome) =>
      db.insert(operatorSignIns).values({
        at: clock.now(),
        username: username.slice(0, 32),
        operatorId: row?.id ?? null,
        outcome,
        knownDevice: deviceId !== null,
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 300) || null,
      });

    const counted = await this.count(username, meta.ip, deviceId);
    if (counted === null) {
      await record('locked');
      throw new AppError('SIGN_IN_LOCKED');
    }
    const checked = await this.check(row, credentials, meta.ip);
    if (checked === null) {
      await record('wrong');
      throw new AppError('OPERATOR_CREDENTIAL_WRONG');
    }
    await this.giveBack(username, meta.ip, deviceId, counted);
    await record('enrolment' in checked ? 'enrolment' : 'success');
    if ('enrolment' in checked) return checked;
    const session = await this.deps.sessions.start(checked.operatorId, meta);
    const deviceMark = issueDeviceMark(
      this.deps.sessions.signingKey,
      checked.operatorId,
      clock.now(),
      deviceId ?? undefined,
    );
    return { ...session, deviceMark };
  }

  /**
   * Count the attempt on every counter that applies, in order, stopping at the first one past its limit: the hits,
   * or null when the attempt is refused. A known device counts on its own counter only.
   */
  private async count(username: string, ip: string, deviceId: string | null): Promise<RateLimitHit[] | null> {
    const { limiter } = this.deps;
    const counters: Array<[string, string, RateLimitRule]> = deviceId
      ? [['admin-login-device', `${username}|${deviceId}`, OPERATOR_LOGIN_DEVICE_RULE]]
      : [
          ['admin-login-ip', ip, OPERATOR_LOGIN_IP_RULE],
          ['admin-login-pair', `${username}|${ip}`, OPERATOR_LOGIN_PAIR_RULE],
          ['admin-login-user', username, OPERATOR_LOGIN_USER_RULE],
        ];
    const hits: RateLimitHit[] = [];
    for (const [name, id, rule] of counters) {
      const hit = await limiter.hit(name, id, rule);
      if (!hit.isAllowed) return null;
      hits.push(hit);
    }
    return hits;
  }

  /** Only failures count: forget this address's (or device's) failures, take back the other hits. */
  private async giveBack(username: string, ip: string, deviceId: string | null, hits: RateLimitHit[]): Promise<void> {
    const { limiter } = this.deps;
    if (deviceId) {
      await limiter.reset('admin-login-device', `${username}|${deviceId}`, OPERATOR_LOGIN_DEVICE_RULE);
      return;
    }
    await limiter.reset('admin-login-pair', `${username}|${ip}`, OPERATOR_LOGIN_PAIR_RULE);
    const [byIp, , byUser] = hits;
    await Promise.all([byIp, byUser].filter((h): h is RateLimitHit => h !== undefined).map((h) => limiter.undo(h)));
  }

  /**
   * The operator id when password and code are right and the code was not used before; the enrolment QR when the
   * password is right, the operator's TOTP is not confirmed yet and no code was sent (first sign-in); else null.
   */
  private async check(
    row: OperatorRow | undefined,
    credentials: Credentials,
    ip: string,
  ): Promise<{ operatorId: number } | { enrolment: Enrolment } | null> {
    const { db, clock, encryptionKey } = this.deps;
    // an unknown username, or an operator without a password yet, spends the same hashing time
    const hash = row?.passwordHash ?? null;
    const passwordOk = (await verifyPassword(hash ?? (await dummyPasswordHash()), credentials.password)) && !!hash;
    if (!row || !passwordOk || !row.enabled) return null;
    const now = clock.now();
    const secret = decrypt(row.totpSecretBox, encryptionKey, totpContext(row.username));
    if (credentials.totp === undefined) {
      return row.totpConfirmedAt === null ? { enrolment: await totpEnrolment(secret, row.username) } : null;
    }
    const step = totpStep(secret, credentials.totp, now);
    if (step === null) return null;
    return db.transaction(async (tx) => {
      // atomic: of two sign-ins with the same code, one wins; an older step never comes back
      const [used] = await tx
        .update(operators)
        .set({
          totpLastStep: step,
          totpConfirmedAt: sql`coalesce(${operators.totpConfirmedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(operators.id, row.id),
            eq(operators.totpSecretBox, row.totpSecretBox),
            or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
          ),
        )
        .returning({ id: operators.id });
      if (!used) return null;
      if (row.totpConfirmedAt === null) {
        const entry = { actor: { id: row.id, username: row.username }, action: 'operator.totp.confirm' };
        const state = (confirmed: boolean) => ({ totpConfirmed: confirmed });
        await appendAudit(
          tx,
          { ...entry, target: `operator:${row.id}`, before: state(false), after: state(true), ip },
          now,
        );
      }
      return { operatorId: used.id };
    });
  }
}
