import type { EnrolmentLink } from '@wallet/contract/admin/operators';
import { OPERATOR_PASSWORD_MIN_CHARS, type OpenEnrolmentResponse } from '@wallet/contract/admin/enrolment';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { operatorEnrolments, operators, operatorSessions } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { decrypt, encrypt } from '../../lib/crypto-box.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { appendAudit, type AuditActor } from '../audit/audit.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import type { AuthOperator } from './operator-sessions.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { newTotpSecret, totpContext, totpEnrolment, totpStep } from './totp.ts';

/** Link attempts (open or finish) per client IP; a successful one takes its count back. */
const ENROL_IP_RULE: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
/** Wrong authenticator codes per link, then wrong current password or code per operator changing it. */
const ENROL_CODE_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
const PASSWORD_CHANGE_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

/** Only this is stored: a 256-bit token needs no pepper or slow hash (nothing to guess offline). */
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const codePoints = (s: string) => [...s].length;

type Link = typeof operatorEnrolments.$inferSelect;
type Deps = {
  db: Db;
  clock: Clock;
  encryptionKey: string;
  settings: Pick<SettingsService, 'get'>;
  limiter: RateLimiter;
};
type Meta = { ip: string | null };

/**
 * Operators set their own credentials (docs/decisions/0023-operator-enrolment.md): an admin issues a one-time link
 * (stored as its SHA-256, expiring); its holder chooses a password and confirms a fresh TOTP secret that only the link
 * shows. Issuing a link clears the operator's password and authenticator and ends their sessions.
 */
export class OperatorEnrolmentService {
  constructor(private readonly deps: Deps) {}

  /**
   * Inside the caller's transaction (the operator row locked): a new link and TOTP secret; older links, the
   * password, the authenticator and every session stop working. Audited; the answer is shown once to `actor`.
   */
  async issue(tx: Tx, actor: AuditActor, operatorId: number, meta: Meta & { hours: number }): Promise<EnrolmentLink> {
    const { clock, encryptionKey } = this.deps;
    const now = clock.now();
    const { hours, ip } = meta;
    const expiresAt = new Date(now.getTime() + hours * 3600_000);
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx.select({ username: operators.username }).from(operators).where(eq(operators.id, operatorId));
    if (!row) throw new AppError('NOT_FOUND');
    await tx
      .update(operators)
      .set({
        passwordHash: null,
        totpSecretBox: encrypt(newTotpSecret(), encryptionKey, totpContext(row.username)),
        totpConfirmedAt: null,
        totpLastStep: null,
        updatedAt: now,
      })
      .where(eq(operators.id, operatorId));
    await tx
      .update(operatorEnrolments)
      .set({ revokedAt: now })
      .where(
        and(
          eq(operatorEnrolments.operatorId, operatorId),
          isNull(operatorEnrolments.usedAt),
          isNull(operatorEnrolments.revokedAt),
        ),
      );
    await tx
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
    await tx.insert(operatorEnrolments).values({
      operatorId,
      tokenHash: hashOf(token),
      issuedBy: actor.username,
      createdAt: now,
      expiresAt,
    });
    const after = { state: 'invited', enrolmentExpiresAt: expiresAt.toISOString() };
    await appendAudit(
      tx,
      { actor, action: 'operator.enrolment.issue', target: `operator:${operatorId}`, before: null, after, ip },
      now,
    );
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** How long a new link lives (the setting): read before the transaction that issues it. */
  linkHours(): Promise<number> {
    return this.deps.settings.get('operatorEnrolmentHours');
  }

  /** Who issued the operator's newest link (null: none, e.g. the demo seed). */
  async lastIssuer(tx: Tx, operatorId: number): Promise<string | null> {
    const rows = await tx
      .select({ issuedBy: operatorEnrolments.issuedBy, id: operatorEnrolments.id })
      .from(operatorEnrolments)
      .where(eq(operatorEnrolments.operatorId, operatorId));
    return rows.sort((a, b) => b.id - a.id)[0]?.issuedBy ?? null;
  }

  /** The username and authenticator QR behind a live link (the page the link opens). */
  async open(token: string, meta: { ip: string }): Promise<OpenEnrolmentResponse> {
    return this.limited(meta.ip, async () => {
      const { link, operator } = await this.live(token);
      const secret = decrypt(operator.totpSecretBox, this.deps.encryptionKey, totpContext(operator.username));
      return {
        username: operator.username,
        totp: await totpEnrolment(secret, operator.username),
        expiresAt: link.expiresAt.toISOString(),
      };
    });
  }

  /** Finish: the password the operator chose and a code from the QR; the link is spent, once. Audited. */
  async enrol(input: { token: string; password: string; totp: string }, meta: { ip: string }): Promise<void> {
    const { db, clock, limiter, encryptionKey } = this.deps;
    await this.limited(meta.ip, async () => {
      const { link, operator } = await this.live(input.token);
      if (codePoints(input.password) < OPERATOR_PASSWORD_MIN_CHARS) throw new AppError('PASSWORD_TOO_SHORT');
      const linkId = String(link.id);
      if ((await limiter.peek('admin-enrol-code', linkId, ENROL_CODE_RULE)) >= ENROL_CODE_RULE.limit) {
        throw new AppError('REQUEST_LIMIT');
      }
      const now = clock.now();
      const secret = decrypt(operator.totpSecretBox, encryptionKey, totpContext(operator.username));
      const step = totpStep(secret, input.totp, now);
      if (step === null) {
        await limiter.hit('admin-enrol-code', linkId, ENROL_CODE_RULE);
        throw new AppError('TOTP_CODE_WRONG');
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // atomic: of two finishes racing, one spends the link; a link superseded meanwhile is refused
        const [spent] = await tx
          .update(operatorEnrolments)
          .set({ usedAt: now })
          .where(
            and(
              eq(operatorEnrolments.id, link.id),
              isNull(operatorEnrolments.usedAt),
              isNull(operatorEnrolments.revokedAt),
              gt(operatorEnrolments.expiresAt, now),
            ),
          )
          .returning({ id: operatorEnrolments.id });
        if (!spent) throw new AppError('ENROLMENT_INVALID');
        const [done] = await tx
          .update(operators)
          .set({ passwordHash, totpConfirmedAt: now, totpLastStep: step, updatedAt: now })
          .where(and(eq(operators.id, operator.id), eq(operators.totpSecretBox, operator.totpSecretBox)))
          .returning({ id: operators.id });
        if (!done) throw new AppError('ENROLMENT_INVALID');
        const actor = { id: operator.id, username: operator.username };
        await appendAudit(
          tx,
          {
            actor,
            action: 'operator.enrolment.complete',
            target: `operator:${operator.id}`,
            before: { state: 'invited', totpConfirmed: false },
            after: { state: 'active', totpConfirmed: true },
            ip: meta.ip,
          },
          now,
        );
      });
      await limiter.reset('admin-enrol-code', linkId, ENROL_CODE_RULE);
    });
  }

  /**
   * The signed-in operator changes their password: the current one and a fresh authenticator code (a code is
   * accepted once, sign-ins included). Their other sessions end (ADR 0004); audited, never the password.
   */
  async changePassword(
    operator: AuthOperator,
    input: { currentPassword: string; newPassword: string; totp: string },
    meta: Meta,
  ): Promise<void> {
    const { db, clock, limiter, encryptionKey } = this.deps;
    const id = String(operator.id);
    if ((await limiter.peek('admin-password', id, PASSWORD_CHANGE_RULE)) >= PASSWORD_CHANGE_RULE.limit) {
      throw new AppError('REQUEST_LIMIT');
    }
    const [row] = await db.select().from(operators).where(eq(operators.id, operator.id));
    if (!row?.passwordHash) throw new AppError('invalid-token');
    if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
      await limiter.hit('admin-password', id, PASSWORD_CHANGE_RULE);
      throw new AppError('WRONG_PASSWORD');
    }
    const now = clock.now();
    const step = totpStep(decrypt(row.totpSecretBox, encryptionKey, totpContext(row.username)), input.totp, now);
    if (step === null) {
      await limiter.hit('admin-password', id, PASSWORD_CHANGE_RULE);
      throw new AppError('TOTP_CODE_WRONG');
    }
    if (codePoints(input.newPassword) < OPERATOR_PASSWORD_MIN_CHARS) throw new AppError('PASSWORD_TOO_SHORT');
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(operators)
        .set({ passwordHash, totpLastStep: step, updatedAt: now })
        .where(
          and(
            eq(operators.id, row.id),
            eq(operators.passwordHash, row.passwordHash ?? ''),
            or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
          ),
        )
        .returning({ id: operators.id });
      // the code was spent meanwhile (a sign-in, a parallel change): the same answer as a wrong one
      if (!changed) throw new AppError('TOTP_CODE_WRONG');
      await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(operatorSessions.operatorId, row.id),
            isNull(operatorSessions.revokedAt),
            ne(operatorSessions.id, operator.sessionId),
          ),
        );
      await appendAudit(
        tx,
        {
          actor: operator,
          action: 'operator.password.change',
          target: `operator:${row.id}`,
          before: null,
          after: { otherSessionsEnded: true },
          ip: meta.ip,
        },
        now,
      );
    });
    await limiter.reset('admin-password', id, PASSWORD_CHANGE_RULE);
  }

  /** A live link and its operator, else ENROLMENT_INVALID (unknown, spent, superseded, disabled) or _EXPIRED. */
  private async live(token: string): Promise<{ link: Link; operator: typeof operators.$inferSelect }> {
    const { db, clock } = this.deps;
    const [found] = await db
      .select({ link: operatorEnrolments, operator: operators })
      .from(operatorEnrolments)
      .innerJoin(operators, eq(operators.id, operatorEnrolments.operatorId))
      .where(eq(operatorEnrolments.tokenHash, hashOf(token)));
    if (!found || found.link.usedAt || found.link.revokedAt || !found.operator.enabled) {
      throw new AppError('ENROLMENT_INVALID');
    }
    if (found.link.expiresAt <= clock.now()) throw new AppError('ENROLMENT_EXPIRED');
    return found;
  }

  /** Counts the attempt per IP before anything is looked up (parallel guesses cannot slip past); a success undoes it. */
  private async limited<T>(ip: string, work: () => Promise<T>): Promise<T> {
    const hit = await this.deps.limiter.hit('admin-enrol-ip', ip, ENROL_IP_RULE);
    if (!hit.isAllowed) throw new AppError('REQUEST_LIMIT');
    const answer = await work();
    await this.deps.limiter.undo(hit);
    return answer;
  }
}
