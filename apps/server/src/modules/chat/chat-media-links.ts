import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';

/** Signed media links live this long; history and pushes hand out fresh ones. */
const MEDIA_URL_TTL_S = 15 * 60;
export const MEDIA_PATH = '/api/chat/media/';

/** Short-lived signed links to chat media: the holder opens them in <img>/<video> without a header. */
export function chatMediaLinks(secret: string, clock: Clock) {
  const sign = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}|${exp}`).digest('base64url');
  return {
    url(key: string): string {
      const exp = Math.floor(clock.now().getTime() / 1000) + MEDIA_URL_TTL_S;
      return `${MEDIA_PATH}${key}?exp=${exp}&sig=${sign(key, exp)}`;
    },
    /** 'ok', or why not: a malformed expiry or signature is 'forbidden', as is an expired link */
    check(key: string, exp: number, sig: string): 'ok' | 'forbidden' {
      if (!Number.isSafeInteger(exp)) return 'forbidden';
      const expected = Buffer.from(sign(key, exp));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forbidden';
      if (exp * 1000 < clock.now().getTime()) return 'forbidden';
      return 'ok';
    },
  };
}
