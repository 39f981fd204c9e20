import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';

/** Chat guests have no account: the server hands out a signed guest id (its own audience, never a session). */
const AUDIENCE = 'wallet-chat-guest';
const ISSUER = 'member-wallet';
const GUEST_TOKEN_TTL_MS = 30 * 24 * 3600_000;
const GUEST_ID = /^g_[A-Za-z0-9_-]{16,64}$/;

export type GuestToken = { guestId: string; token: string };

export class GuestTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A new guest id (or a renewal of one the caller proved it holds) and its token. */
  async issue(guestId = `g_${randomBytes(16).toString('base64url')}`): Promise<GuestToken> {
    if (!GUEST_ID.test(guestId)) throw new AppError('KEY_INVALID');
    const now = this.clock.now().getTime();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(guestId)
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + GUEST_TOKEN_TTL_MS) / 1000))
      .sign(this.key);
    return { guestId, token };
  }

  /** The guest id a token carries, or 401 invalid-token (a member's session token is refused: wrong audience). */
  async verify(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string' || !GUEST_ID.test(payload.sub)) throw new Error('bad subject');
      return payload.sub;
    } catch {
      throw new AppError('invalid-token');
    }
  }
}
