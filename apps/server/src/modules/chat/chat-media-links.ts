import type { Clock } from '../../clock.ts';
import { signedLinks } from '../../lib/signed-links.ts';

/** Signed media links live this long; history and pushes hand out fresh ones. */
const MEDIA_URL_TTL_S = 15 * 60;
export const MEDIA_PATH = '/api/chat/media/';

/** Short-lived signed links to chat media: the holder opens them in <img>/<video> without a header. */
export function chatMediaLinks(secret: string, clock: Clock) {
  const links = signedLinks({ secret, purpose: 'chat-media', path: MEDIA_PATH, ttlSeconds: MEDIA_URL_TTL_S, clock });
  return {
    url: (key: string): string => links.url(key),
    /** 'ok', or why not: a malformed expiry or signature is 'forbidden', as is an expired link */
    check: (key: string, exp: number, sig: string): 'ok' | 'forbidden' =>
      links.isValid(key, exp, sig) ? 'ok' : 'forbidden',
  };
}
