import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';

/**
 * Short-lived signed links for what a browser loads without an Authorization header (an <img>, a <video>): the link
 * names the object and its expiry, signed with a key of its own purpose, so a holder can neither stretch it, nor
 * point it at another object, nor use a link of one kind (a chat photo) as another (a slip image).
 */
export function signedLinks(options: {
  secret: string;
  purpose: string;
  path: string;
  ttlSeconds: number;
  clock: Clock;
}) {
  const key = `${options.secret}:${options.purpose}`;
  const sign = (id: string, exp: number) => createHmac('sha256', key).update(`${id}|${exp}`).digest('base64url');
  return {
    /** `path` + the id as given (encode it first where it may hold reserved characters) + expiry and signature */
    url(id: string): string {
      const exp = Math.floor(options.clock.now().getTime() / 1000) + options.ttlSeconds;
      return `${options.path}${id}?exp=${exp}&sig=${sign(id, exp)}`;
    },
    /** true only for a link this signed for `id` that has not expired; anything malformed is false */
    isValid(id: string, expText: unknown, sigText: unknown): boolean {
      const exp = Number(expText);
      if (!Number.isSafeInteger(exp)) return false;
      const expected = Buffer.from(sign(id, exp));
      const given = Buffer.from(String(sigText ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return exp * 1000 >= options.clock.now().getTime();
    },
  };
}
