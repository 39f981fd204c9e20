import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema/operators.ts';
import { AppError } from '../../errors.ts';
import { decrypt } from '../../lib/crypto-box.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { totpContext } from './operator-accounts.service.ts';
import type { OperatorSessionService } from './operator-sessions.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import { totpEnrolment, totpStep } from './totp.ts';

/** Failed sign-ins per username (whatever the IP), and attempts per IP (whatever the username). */
export const OPERATOR_LOGIN_USER_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
export const OPERATOR_LOGIN_IP_RULE: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

type Deps = { db: Db; clock: Clock; limiter: RateLimiter; sessions: OperatorSessionService; encryptionKey: string };
type Credentials = { username: string; password: string; totp?: string | undefined };
/** a check that passed: the operator id, or the enrolment to show (right password, TOTP not confirmed, no code) */
type Checked = { operatorId: number } | { enrolment: { uri: string; qr: string } };
type Meta = { ip: string; userAgent: string };

/**
 * Operator sign-in: password (argon2id) and a TOTP code, both required. Every failure answers the same
 * WRONG_CREDENTIAL; a code is accepted once (its 30-second step is stored); the first accepted code from a new
 * secret confirms the enrolment (audited).
 */
export class OperatorLoginService {
  constructor(private readonly deps: Deps) {}

  async login(
    credentials: Credentials,
    meta: Meta,
  ): Promise<{ token: string } | { enrolment: { uri: string; qr: string } }> {
    const { limiter } = this.deps;
    const username = credentials.username.trim().toLowerCase();
    if (
      (await limiter.peek('admin-login-user', username, OPERATOR_LOGIN_USER_RULE)) >= OPERATOR_LOGIN_USER_RULE.limit
    ) {
      throw new AppError('REQUEST_LIMIT');
    }
    const byIp = await limiter.hit('admin-login-ip', meta.ip, OPERATOR_LOGIN_IP_RULE);
    if (!byIp.isAllowed) throw new AppError('REQUEST_LIMIT');

    const checked = await this.check(username, credentials, meta.ip);
    if (checked === null) {
      await limiter.hit('admin-login-user', username, OPERATOR_LOGIN_USER_RULE);
      throw new AppError('WRONG_CREDENTIAL');
    }
    await limiter.reset('admin-login-user', username, OPERATOR_LOGIN_USER_RULE);
    await limiter.undo(byIp);
    if ('enrolment' in checked) return { enrolment: checked.enrolment };
    return { token: await this.deps.sessions.create(checked.operatorId, meta) };
  }

  /**
   * The operator id when password and code are right and the code was not used before; the enrolment QR when the
   * password is right, the operator's TOTP is not confirmed yet and no code was sent (first sign-in); else null.
   */
  private async check(username: string, credentials: Credentials, ip: string): Promise<Checked | null> {
    const { db, clock, encryptionKey } = this.deps;
    const [row] = await db.select().from(operators).where(eq(operators.username, username));
    // an unknown username spends the same hashing time
    const passwordOk = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), credentials.password);
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
