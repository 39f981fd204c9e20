import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { memberPasskeys } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { normalizePhone, type Variant } from '../../lib/phone-number.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { passkeyMember, recordSecurityEvent } from '../account/account.api.ts';
import { type PasskeyDeps, userHandleOf, WEBAUTHN_TIMEOUT_MS } from './passkeys.service.ts';
import type { SessionService, SessionTokens } from './session.service.ts';

/** Sign-in ceremonies started per address. */
const OPTIONS_IP_RULE: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };
/** Failed passkey sign-ins per address, counted before the check (as the password login's, ADR 0004). */
const SIGN_IN_IP_RULE: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

type Meta = { ip: string; userAgent?: string; remember?: boolean };

/**
 * Sign-in with a passkey (docs/decisions/0040-passkeys.md): a single-use challenge, the assertion verified against
 * the stored public key, origin and RP ID, and the signature counter, which must grow; a counter that does not
 * (a cloned authenticator, or a replay) is refused and written to the member's security history. Success starts the
 * same revocable session as the password login.
 */
export class PasskeySignInService {
  constructor(private readonly deps: PasskeyDeps & { sessions: SessionService; variant: Variant }) {}

  async options(phoneNumber: string | undefined, ip: string) {
    const { db, limiter, webauthn, challenges, secret } = this.deps;
    if (!(await limiter.hit('passkey-options-ip', ip, OPTIONS_IP_RULE)).isAllowed) throw new AppError('REQUEST_LIMIT');
    let memberId: number | null = null;
    let allowCredentials: Array<{ id: string; transports?: string[] }> | undefined;
    if (phoneNumber !== undefined) {
      const phone = normalizePhone(this.deps.variant, phoneNumber);
      const member = phone ? await passkeyMember(db, { phone }) : undefined;
      const own = member
        ? await db
            .select({ id: memberPasskeys.credentialId, transports: memberPasskeys.transports })
            .from(memberPasskeys)
            .where(eq(memberPasskeys.memberId, member.id))
        : [];
      if (member && own.length > 0) memberId = member.id;
      // a phone without passkeys gets one made-up credential id, derived from the phone: the answer looks alike
      allowCredentials =
        own.length > 0
          ? own
          : [
              {
                id: createHmac('sha256', secret)
                  .update(`passkey-decoy:${phone ?? phoneNumber}`)
                  .digest('base64url'),
              },
            ];
    }
    const options = await generateAuthenticationOptions({
      rpID: webauthn.rpId,
      timeout: WEBAUTHN_TIMEOUT_MS,
      userVerification: 'required',
      ...(allowCredentials ? { allowCredentials } : {}),
    });
    const challengeId = await challenges.store('sign-in', options.challenge, { memberId, sessionId: null });
    return { challengeId, options: { ...options } };
  }

  async signIn(
    input: { challengeId: string; credential: AuthenticationResponseJSON; remember?: boolean | undefined },
    meta: Meta,
  ): Promise<SessionTokens> {
    const { db, limiter, clock, challenges, webauthn, secret, sessions } = this.deps;
    const hit = await limiter.hit('passkey-sign-in-ip', meta.ip, SIGN_IN_IP_RULE);
    if (!hit.isAllowed) throw new AppError('REQUEST_LIMIT');
    const bound = await challenges.spend(input.challengeId, 'sign-in');
    const [passkey] = await db
      .select()
      .from(memberPasskeys)
      .where(eq(memberPasskeys.credentialId, input.credential.id));
    if (!passkey) throw new AppError('PASSKEY_INVALID');
    // "use passkey" after typing a phone: only that member's passkeys answer its challenge
    if (bound.memberId !== null && bound.memberId !== passkey.memberId) throw new AppError('PASSKEY_INVALID');
    const handle = input.credential.response.userHandle;
    if (handle !== undefined && !sameBytes(Buffer.from(handle, 'base64url'), userHandleOf(secret, passkey.memberId))) {
      throw new AppError('PASSKEY_INVALID');
    }
    const verification = await verifyAuthenticationResponse({
      response: input.credential,
      expectedChallenge: bound.challenge,
      expectedOrigin: webauthn.origins,
      expectedRPID: webauthn.rpId,
      // the counter is compared below, atomically, so a regression is recorded rather than only thrown
      credential: {
        id: passkey.credentialId,
        publicKey: Uint8Array.from(Buffer.from(passkey.publicKey, 'base64url')),
        counter: 0,
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw new AppError('PASSKEY_INVALID');

    const now = clock.now();
    const { newCounter } = verification.authenticationInfo;
    // a counter must grow; authenticators that keep none (0 and 0) are allowed, as WebAuthn says
    const [used] = await db
      .update(memberPasskeys)
      .set({ counter: newCounter, lastUsedAt: now })
      .where(
        and(
          eq(memberPasskeys.id, passkey.id),
          newCounter === 0 ? eq(memberPasskeys.counter, 0) : gt(sql`${newCounter}::bigint`, memberPasskeys.counter),
        ),
      )
      .returning({ id: memberPasskeys.id });
    if (!used) {
      await recordSecurityEvent(
        db,
        passkey.memberId,
        {
          kind: 'passkey-refused',
          detail: { name: passkey.name, counter: passkey.counter, presented: newCounter },
          ip: meta.ip,
          sessionId: null,
        },
        now,
      );
      throw new AppError('PASSKEY_INVALID');
    }
    const member = await passkeyMember(db, { id: passkey.memberId });
    if (!member || member.status !== 'active') throw new AppError('INACTIVE_USER');
    await limiter.undo(hit);
    const tokens = await sessions.start(member.id, {
      ip: meta.ip,
      ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      ...(input.remember === undefined ? {} : { remember: input.remember }),
    });
    const sessionId = tokens.refreshToken.split('.')[0] ?? null;
    await recordSecurityEvent(
      db,
      member.id,
      { kind: 'passkey-sign-in', detail: { name: passkey.name }, ip: meta.ip, sessionId },
      now,
    );
    return tokens;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
