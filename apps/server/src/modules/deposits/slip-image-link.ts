import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';

/** Where a member's own slip image is read by a signed link (an <img> sends no Authorization header). */
export const SLIP_IMAGE_PATH = '/api/slip-images/';
const LINK_TTL_S = 300;

/**
 * Short-lived signed links to one slip image: handed only to the slip's owner (statement.slipReference); the link
 * names the slip id and its expiry, and a holder cannot turn it into another slip's link.
 */
export function slipImageLinks(secret: string, clock: Clock) {
  const key = `${secret}:slip-image`;
  const sign = (id: string, exp: number) => createHmac('sha256', key).update(`${id}|${exp}`).digest('base64url');
  return {
    url(id: string): string {
      const exp = Math.floor(clock.now().getTime() / 1000) + LINK_TTL_S;
      return `${SLIP_IMAGE_PATH}${encodeURIComponent(id)}?exp=${exp}&sig=${sign(id, exp)}`;
    },
    /** throws FORBIDDEN unless the link is ours and not expired */
    check(id: string, expText: unknown, sigText: unknown): void {
      const exp = Number(expText);
      if (!Number.isSafeInteger(exp)) throw new AppError('FORBIDDEN');
      const expected = Buffer.from(sign(id, exp));
      const given = Buffer.from(String(sigText ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('FORBIDDEN');
      if (exp * 1000 < clock.now().getTime()) throw new AppError('FORBIDDEN');
    },
  };
}
