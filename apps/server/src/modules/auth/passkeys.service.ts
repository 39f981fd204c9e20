import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { PASSKEYS_PER_MEMBER_MAX, type Passkey } from '@wallet/contract/passkeys';
import { and, asc, count, eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { memberPasskeys, sessions } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { passkeyMember, recordSecurityEvent } from '../account/account.api.ts';
import type { PasskeyChallenges } from './passkey-challenges.ts';
import { verifyPassword } from './password.ts';

/** A step-up (password re-entered) lets this session add or remove passkeys for this long (ADR 0040). */
const STEP_UP_FRESH_MS = 5 * 60_000;
/** Wrong passwords at the step-up, per member, counted before the check (as at login, ADR 0004). */
const STEP_UP_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
/** Registration ceremonies started, per member. */
const REGISTER_OPTIONS_RULE: RateLimitRule = { limit: 20, windowMs: 3600_000 };
/** What the browser waits for the authenticator (ms); the challenge itself lives PASSKEY_CHALLENGE_TTL_MS. */
export const WEBAUTHN_TIMEOUT_MS = 60_000;

type WebauthnConfig = { rpId: string; rpName: string; origins: string[] };
type Member = { id: number; username: string; name: string; sessionId: string };
type Meta = { ip: string };

export type PasskeyDeps = {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  challenges: PasskeyChallenges;
  webauthn: WebauthnConfig;
  /** keys the WebAuthn user handle, so it names the member without being the member number */
  secret: string;
};

/** The WebAuthn user handle of a member: stable, opaque, 16 bytes. */
export function userHandleOf(secret: string, memberId: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(createHmac('sha256', secret).update(`passkey-user:${memberId}`).digest().subarray(0, 16));
}

const view = (row: typeof memberPasskeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A member's passkeys from the profile (docs/decisions/0040-passkeys.md): list; add and remove only within a few
 * minutes of a step-up of this very session (the password re-entered), every change a security event.
 */
export class PasskeysService {
  constructor(private readonly deps: PasskeyDeps) {}

  async list(member: Member): Promise<{ items: Passkey[]; stepUpUntil: string | null }> {
    const rows = await this.deps.db
      .select()
      .from(memberPasskeys)
      .where(eq(memberPasskeys.memberId, member.id))
      .orderBy(asc(memberPasskeys.createdAt), asc(memberPasskeys.id));
    const until = await this.stepUpUntil(member.sessionId);
    return { items: rows.map(view), stepUpUntil: until?.toISOString() ?? null };
  }

  async stepUp(member: Member, password: string): Promise<{ stepUpUntil: string }> {
    const { limiter, clock, db } = this.deps;
    const hit = await limiter.hit('passkey-step-up', String(member.id), STEP_UP_RULE);
    if (!hit.isAllowed) throw new AppError('REQUEST_LIMIT');
    const found = await passkeyMember(db, { id: member.id });
    if (!found || !(await verifyPassword(found.passwordHash, password))) throw new AppError('WRONG_PASSWORD');
    await limiter.undo(hit);
    const now = clock.now();
    await db.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.id, member.sessionId));
    return { stepUpUntil: new Date(now.getTime() + STEP_UP_FRESH_MS).toISOString() };
  }

  private async stepUpUntil(sessionId: string): Promise<Date | null> {
    const [row] = await this.deps.db
      .select({ at: sessions.steppedUpAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    const until = row?.at ? new Date(row.at.getTime() + STEP_UP_FRESH_MS) : null;
    return until && until > this.deps.clock.now() ? until : null;
  }

  private async requireStepUp(sessionId: string): Promise<void> {
    if (!(await this.stepUpUntil(sessionId))) throw new AppError('STEP_UP_REQUIRED');
  }

  async registerOptions(member: Member) {
    const { db, webauthn, limiter, challenges, secret } = this.deps;
    await this.requireStepUp(member.sessionId);
    if (!(await limiter.hit('passkey-register', String(member.id), REGISTER_OPTIONS_RULE)).isAllowed) {
      throw new AppError('REQUEST_LIMIT');
    }
    const existing = await db
      .select({ credentialId: memberPasskeys.credentialId, transports: memberPasskeys.transports })
      .from(memberPasskeys)
      .where(eq(memberPasskeys.memberId, member.id));
    if (existing.length >= PASSKEYS_PER_MEMBER_MAX) throw new AppError('PASSKEY_LIMIT');
    const options = await generateRegistrationOptions({
      rpName: webauthn.rpName,
      rpID: webauthn.rpId,
      userName: member.username,
      userDisplayName: member.name,
      userID: userHandleOf(secret, member.id),
      timeout: WEBAUTHN_TIMEOUT_MS,
      attestationType: 'none',
      // one passkey per authenticator; a discoverable credential signs in without typing the phone
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const challengeId = await challenges.store('register', options.challenge, {
      memberId: member.id,
      sessionId: member.sessionId,
    });
    return { challengeId, options: { ...options } };
  }

  async register(
    member: Member,
    input: { challengeId: string; name: string; credential: RegistrationResponseJSON },
    meta: Meta,
  ): Promise<Passkey> {
    const { db, webauthn, clock, challenges } = this.deps;
    const { challenge } = await challenges.spend(input.challengeId, 'register', {
      memberId: member.id,
      sessionId: member.sessionId,
    });
    await this.requireStepUp(member.sessionId);
    const verification = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: challenge,
      expectedOrigin: webauthn.origins,
      expectedRPID: webauthn.rpId,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw new AppError('PASSKEY_INVALID');
    const { credential } = verification.registrationInfo;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [held] = await tx.select({ n: count() }).from(memberPasskeys).where(eq(memberPasskeys.memberId, member.id));
      if ((held?.n ?? 0) >= PASSKEYS_PER_MEMBER_MAX) throw new AppError('PASSKEY_LIMIT');
      const [row] = await tx
        .insert(memberPasskeys)
        .values({
          memberId: member.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // the same authenticator registered twice (here or by another member): refused, nothing written
      if (!row) throw new AppError('PASSKEY_INVALID');
      await recordSecurityEvent(
        tx,
        member.id,
        { kind: 'passkey-added', detail: { name: input.name }, ip: meta.ip, sessionId: member.sessionId },
        now,
      );
      return view(row);
    });
  }

  async remove(member: Member, id: number, meta: Meta): Promise<{ message: 'SUCCESS' }> {
    const { db, clock } = this.deps;
    await this.requireStepUp(member.sessionId);
    const now = clock.now();
    await db.transaction(async (tx) => {
      // another member's passkey is NOT_FOUND, as an unknown one
      const [row] = await tx
        .delete(memberPasskeys)
        .where(and(eq(memberPasskeys.id, id), eq(memberPasskeys.memberId, member.id)))
        .returning({ name: memberPasskeys.name });
      if (!row) throw new AppError('NOT_FOUND');
      await recordSecurityEvent(
        tx,
        member.id,
        { kind: 'passkey-removed', detail: { name: row.name }, ip: meta.ip, sessionId: member.sessionId },
        now,
      );
    });
    return { message: 'SUCCESS' };
  }
}
