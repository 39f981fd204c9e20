import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Cookie,
  type Page,
} from '@playwright/test';
import { createHmac } from 'node:crypto';
import type { RunningServer } from './server.ts';

/** The demo operator seeded with demo data (every role); its TOTP secret is read from the server's start-up log. */
export const DEMO_OPERATOR = { username: 'admin', password: 'demo-admin-password' } as const;

const PERIOD_S = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(secret: string): Buffer {
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret for a 30-second step. */
function totpForStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

const lastStep = new Map<string, number>();

/**
 * A code the server accepts now and has not accepted before. The server takes each 30-second step once per operator
 * and allows one step of drift, so two sign-ins of one operator fit in a step (this one and the next); a third
 * waits for the clock. Steps are tracked per secret for this test process.
 */
export async function freshTotp(secret: string): Promise<string> {
  const current = () => Math.floor(Date.now() / 1000 / PERIOD_S);
  const used = lastStep.get(secret) ?? -1;
  // only time makes a new step: wait for it when both usable ones are spent (at most one period)
  await expect.poll(() => current() + 1 > used, { timeout: (PERIOD_S + 5) * 1000, intervals: [1000] }).toBe(true);
  const step = Math.max(current(), used + 1);
  lastStep.set(secret, step);
  return totpForStep(secret, step);
}

/** The demo operator's TOTP secret, as `npm start` prints it (`TOTP secret (base32) …`). */
export function demoOperatorSecret(serverLogs: string): string {
  const secret = /TOTP secret \(base32\) ([A-Z2-7]+)/.exec(serverLogs)?.[1];
  if (!secret) throw new Error('the server did not print the demo operator secret (DEMO_DATA on?)');
  return secret;
}

export type OperatorCredentials = { username: string; password: string; secret: string };

/**
 * Sign in to the back office through its form (/admin/login: username, password, authenticator code) in `language`,
 * and wait for the console frame. Leaves the page on the first page the operator's roles open.
 */
export async function signInOperator(
  page: Page,
  operator: OperatorCredentials,
  options: { language?: 'th' | 'en' } = {},
): Promise<void> {
  const language = options.language ?? 'en';
  await page.addInitScript((lang) => localStorage.setItem('wallet.admin.language', lang), language);
  await page.goto('/admin/login');
  const form = page.getByTestId('sign-in-form');
  await form.locator('input[name="username"]').fill(operator.username);
  await form.locator('input[name="password"]').fill(operator.password);
  await form.locator('input[name="totp"]').fill(await freshTotp(operator.secret));
  await form.getByRole('button', { name: language === 'th' ? 'เข้าสู่ระบบ' : 'Sign in' }).click();
  await expect(page.getByTestId('operator-chip')).toContainText(operator.username);
}

/** The console's desktop window (the config's defaults are the player's phone). */
export const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
} as const satisfies BrowserContextOptions;

/**
 * A browser context of its own on `server`'s console (a server or its URL) with `operator` signed in through the form
 * in `lang` (signInOperator), Bangkok time. `window`: the context's size and device (default DESKTOP; e.g.
 * `{ viewport: { width: 768, height: 900 } }`). Close the context when done.
 */
export async function openConsole(
  browser: Browser,
  server: RunningServer | string,
  operator: OperatorCredentials,
  lang: 'th' | 'en' = 'en',
  window: BrowserContextOptions = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = typeof server === 'string' ? server : server.url;
  const context = await browser.newContext({ ...window, baseURL, timezoneId: 'Asia/Bangkok' });
  const page = await context.newPage();
  await signInOperator(page, operator, { language: lang });
  return { context, page };
}

/** An operator token through the API (a second session, or setting things up without the form). */
export async function operatorToken(request: APIRequestContext, operator: OperatorCredentials): Promise<string> {
  const response = await request.post('/api/admin/login', {
    data: { username: operator.username, password: operator.password, totp: await freshTotp(operator.secret) },
    headers: { 'X-Wallet-User': '1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The second demo admin's TOTP secret, as `npm start` prints it (`Second demo admin: … TOTP secret (base32) …`). */
function secondAdminSecret(serverLogs: string): string {
  const secret = /Second demo admin: \S+ \/ \S+, TOTP secret \(base32\) ([A-Z2-7]+)/.exec(serverLogs)?.[1];
  if (!secret) throw new Error('the server did not print the second demo admin (DEMO_DATA on?)');
  return secret;
}

/** The second demo admin (role admin): it approves what one admin may not do alone (docs/decisions/0023). */
export const secondAdmin = (serverLogs: string): OperatorCredentials => ({
  username: 'admin2',
  password: 'demo-admin2-password',
  secret: secondAdminSecret(serverLogs),
});

/**
 * An operator as the console makes one (docs/decisions/0023-operator-enrolment.md): the admin invites it (with admin
 * or finance, `approverToken`'s admin approves and receives the link), then the operator opens the link, chooses
 * `password` and confirms a code from the QR's secret. Returns what the operator alone knows.
 */
export async function createOperator(
  request: APIRequestContext,
  adminToken: string,
  input: { username: string; password: string; roles: Array<'admin' | 'finance' | 'support' | 'marketing'> },
  approverToken?: string,
): Promise<OperatorCredentials> {
  const headers = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Wallet-User': '1' });
  const response = await request.post('/api/admin/operators', {
    data: { username: input.username, roles: input.roles },
    headers: headers(adminToken),
  });
  expect(response.status(), await response.text()).toBe(200);
  const created = (await response.json()) as { enrolment: { token: string } | null; request: { id: number } | null };
  let link = created.enrolment;
  if (!link) {
    if (!approverToken || !created.request) throw new Error('a money role needs a second admin to approve');
    const approved = await request.post(`/api/admin/operator-requests/${created.request.id}/approve`, {
      headers: headers(approverToken),
    });
    expect(approved.status(), await approved.text()).toBe(200);
    link = ((await approved.json()) as { enrolment: { token: string } }).enrolment;
  }
  const opened = await request.post('/api/admin/enrolment/open', { data: { token: link.token } });
  expect(opened.status(), await opened.text()).toBe(200);
  const { totp } = (await opened.json()) as { totp: { uri: string } };
  const secret = new URL(totp.uri).searchParams.get('secret') ?? '';
  const enrolled = await request.post('/api/admin/enrolment', {
    data: { token: link.token, password: input.password, totp: await freshTotp(secret) },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  return { username: input.username, password: input.password, secret };
}

const demoTokens = new Map<string, string>();

/** The demo operator's token on a running server, signed in once per server through the API. */
export async function demoOperatorToken(request: APIRequestContext, server: RunningServer): Promise<string> {
  const cached = demoTokens.get(server.url);
  if (cached) return cached;
  const secret = demoOperatorSecret(server.logs());
  const response = await request.post(`${server.url}/api/admin/login`, {
    data: { ...DEMO_OPERATOR, totp: await freshTotp(secret) },
    headers: { 'X-Wallet-User': '1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  demoTokens.set(server.url, token);
  return token;
}

const consoleSessions = new Map<string, Cookie[]>();

/**
 * Sign a browser context in to the console as the demo operator without the form: the console's session is a pair of
 * cookies (httpOnly session, readable CSRF proof; docs/decisions/0021-operator-console-session.md), made once per
 * server through the API and then given to every context that asks, like tabs of one browser.
 */
export async function signInConsoleContext(context: BrowserContext, server: RunningServer): Promise<void> {
  const cached = consoleSessions.get(server.url);
  if (cached) {
    await context.addCookies(cached);
    return;
  }
  const secret = demoOperatorSecret(server.logs());
  const response = await context.request.post(`${server.url}/api/admin/login`, {
    data: { ...DEMO_OPERATOR, totp: await freshTotp(secret), session: 'cookie' },
    headers: { 'X-Wallet-User': '1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const cookies = (await context.cookies(server.url)).filter((c) => /^wallet-op(-csrf)?$/.test(c.name));
  expect(cookies).toHaveLength(2);
  consoleSessions.set(server.url, cookies);
}

type WheelSlice = Record<string, unknown> & { code: string; weight: number; prizeType: string };
type Wheel = {
  id: number;
  name: string;
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  slices: WheelSlice[];
};

/** The demo wheel as the back-office sees it, and a way to save it changed (PUT, audited). */
export async function editDemoWheel(
  request: APIRequestContext,
  server: RunningServer,
  change: (wheel: Wheel) => Partial<Wheel>,
): Promise<void> {
  const headers = { Authorization: `Bearer ${await demoOperatorToken(request, server)}` };
  const list = await request.get(`${server.url}/api/admin/spinwheel/wheels`, { headers });
  expect(list.ok()).toBe(true);
  const [wheel] = ((await list.json()) as { wheels: Wheel[] }).wheels;
  if (!wheel) throw new Error('no wheel seeded');
  const next = { ...wheel, ...change(wheel) };
  const res = await request.put(`${server.url}/api/admin/spinwheel/wheels/${wheel.id}`, {
    headers,
    data: {
      name: next.name,
      isActive: next.isActive,
      startsAt: next.startsAt,
      endsAt: next.endsAt,
      slices: next.slices.map(({ percent: _percent, ...slice }) => slice),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
