import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The console's cookies (docs/decisions/0021-operator-console-session.md):
 * - session: the operator JWT, httpOnly, SameSite=Strict, Path=/ (the admin API and the operator socket), shared by
 *   every tab of the browser;
 * - csrf: HMAC of the session id, readable by the console's script, sent back as `X-CSRF-Token` on every
 *   state-changing call (a page elsewhere can neither read it nor make the browser add the header);
 * - device: a signed, httpOnly mark of a browser that signed in to one operator with password and TOTP, sent only to
 *   the sign-in endpoint; it lets the owner in while others' failures lock their own addresses.
 * In production (HTTPS) the names carry the `__Host-` / `__Secure-` prefixes and the cookies are Secure.
 */
export type CookieNames = { session: string; csrf: string; device: string; isSecure: boolean };

export const cookieNames = (isSecure: boolean): CookieNames => ({
  session: isSecure ? '__Host-wallet-op' : 'wallet-op',
  csrf: isSecure ? '__Host-wallet-op-csrf' : 'wallet-op-csrf',
  device: isSecure ? '__Secure-wallet-op-device' : 'wallet-op-device',
  isSecure,
});

export const CSRF_HEADER = 'x-csrf-token';
export const DEVICE_COOKIE_PATH = '/api/admin/login';
/** A known device stays known this long after its last sign-in (each sign-in renews it). */
export const DEVICE_COOKIE_MS = 90 * 86_400_000;

const MAX_COOKIE_CHARS = 4096;

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header || header.length > 16_384) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.length > 0 && value.length <= MAX_COOKIE_CHARS ? value : null;
  }
  return null;
}

type CookieOptions = { maxAgeMs: number; httpOnly: boolean; path: string; isSecure: boolean };

/** A Set-Cookie value (SameSite=Strict always); maxAgeMs 0 deletes the cookie. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${Math.floor(options.maxAgeMs / 1000)}`,
    'SameSite=Strict',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
}

const mac = (key: Uint8Array, purpose: string, data: string) =>
  createHmac('sha256', key).update(`${purpose}\n${data}`).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The CSRF proof of a session: deterministic, so every tab reads the same from the cookie. */
export const csrfTokenOf = (key: Uint8Array, sessionId: string): string => mac(key, 'operator-csrf', sessionId);

export const isCsrfTokenOf = (key: Uint8Array, sessionId: string, given: string | undefined): boolean =>
  typeof given === 'string' && given.length < 200 && sameText(given, csrfTokenOf(key, sessionId));

/** A device mark for an operator: `<operator id>.<device id>.<issued, epoch s>.<mac>` (renewed on each sign-in). */
export function issueDeviceMark(key: Uint8Array, operatorId: number, now: Date, deviceId?: string): string {
  const issued = Math.floor(now.getTime() / 1000);
  const payload = `${operatorId}.${deviceId ?? randomBytes(12).toString('base64url')}.${issued}`;
  return `${payload}.${mac(key, 'operator-device', payload)}`;
}

/** The device id of a live mark issued to this operator, or null (forged, another operator's, too old, malformed). */
export function deviceIdOf(key: Uint8Array, mark: string | null, operatorId: number, now: Date): string | null {
  if (!mark) return null;
  const [id, deviceId, issued, signature, ...rest] = mark.split('.');
  if (rest.length > 0 || !id || !deviceId || !issued || !signature || id !== String(operatorId)) return null;
  if (!sameText(signature, mac(key, 'operator-device', `${id}.${deviceId}.${issued}`))) return null;
  const age = now.getTime() - Number(issued) * 1000;
  return age >= 0 && age <= DEVICE_COOKIE_MS ? deviceId : null;
}
