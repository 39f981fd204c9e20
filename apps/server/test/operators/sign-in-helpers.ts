import { DEMO_OPERATOR } from '../../src/modules/auth/demo-operator.ts';
import { totpCode } from '../../src/modules/auth/totp.ts';
import type { TestApp } from '../helpers/test-app.ts';

export type Jar = Record<string, string>;
export type SignInReply = { status: number; body: Record<string, unknown>; cookies: Jar };

/** The cookies a response sets (name → value; a deleted one maps to ''). */
function setCookies(header: string | string[] | number | undefined): Jar {
  const jar: Jar = {};
  for (const line of Array.isArray(header) ? header : header === undefined ? [] : [String(header)]) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) jar[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return jar;
}

export const cookieHeader = (jar: Jar) =>
  Object.entries(jar)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** POST /api/admin/login with the browser's cookies, from `ip`; answers the reply and the cookies it set. */
export async function signIn(
  t: TestApp,
  body: Record<string, unknown>,
  options: { ip: string; jar?: Jar; headers?: Record<string, string> },
): Promise<SignInReply> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: body,
    headers: { ...(options.jar ? { cookie: cookieHeader(options.jar) } : {}), ...options.headers },
    remoteAddress: options.ip,
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown>,
    cookies: setCookies(res.headers['set-cookie']),
  };
}

/** The demo operator's right password and the code of the current step (move the clock a step first). */
export const demoCredentials = (secret: string, t: TestApp) => ({
  username: DEMO_OPERATOR.username,
  password: DEMO_OPERATOR.password,
  totp: totpCode(secret, t.clock.now()),
});

/** A code that is not the current one (nor, by construction, one step either side of it). */
export function wrongCode(secret: string, t: TestApp): string {
  const near = [-30_000, 0, 30_000].map((d) => totpCode(secret, new Date(t.clock.now().getTime() + d)));
  let n = 0;
  for (;;) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
    n += 1;
  }
}

/** The outcomes of a burst: how many attempts were checked (a wrong credential) and how many refused unchecked. */
export function tally(replies: Array<{ status: number; body: Record<string, unknown> }>) {
  const checked = replies.filter((r) => r.status === 401).length;
  const locked = replies.filter((r) => r.status === 429).length;
  return { sent: replies.length, checked, locked, other: replies.length - checked - locked };
}
