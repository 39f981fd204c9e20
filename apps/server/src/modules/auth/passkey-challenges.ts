import { and, eq, lt } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { passkeyChallenges } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';

/** A WebAuthn challenge is good for this long, once (docs/decisions/0040-passkeys.md). */
const PASSKEY_CHALLENGE_TTL_MS = 2 * 60_000;

type Purpose = 'register' | 'sign-in';
/** Whom a challenge is for: a registration's member and session; a sign-in's member when the phone was typed. */
type Binding = { memberId: number | null; sessionId: string | null };

/**
 * Challenges live in the database (every process sees them): stored when the options are handed out, spent by one
 * DELETE … RETURNING, so of two requests presenting the same challenge only one goes on.
 */
export class PasskeyChallenges {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async store(purpose: Purpose, challenge: string, binding: Binding): Promise<string> {
    const now = this.deps.clock.now();
    const id = randomBytes(16).toString('base64url');
    // expired challenges are swept on the way (indexed on expires_at): no job needed
    await this.deps.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
    await this.deps.db.insert(passkeyChallenges).values({
      id,
      challenge,
      purpose,
      memberId: binding.memberId,
      sessionId: binding.sessionId,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    });
    return id;
  }

  /**
   * Spend a challenge: PASSKEY_CHALLENGE_EXPIRED when it is unknown, used, expired or (for a registration) not this
   * session's. A registration challenge of another session is left alone, so nobody can spoil someone else's.
   */
  async spend(
    id: string,
    purpose: Purpose,
    session?: { memberId: number; sessionId: string },
  ): Promise<
    Binding & {
      challenge: string;
    }
  > {
    const where = session
      ? and(
          eq(passkeyChallenges.id, id),
          eq(passkeyChallenges.purpose, purpose),
          eq(passkeyChallenges.memberId, session.memberId),
          eq(passkeyChallenges.sessionId, session.sessionId),
        )
      : and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.purpose, purpose));
    const [row] = await this.deps.db.delete(passkeyChallenges).where(where).returning();
    if (!row || row.expiresAt <= this.deps.clock.now()) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
    return { challenge: row.challenge, memberId: row.memberId, sessionId: row.sessionId };
  }
}
