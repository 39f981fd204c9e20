import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Language } from './fixtures.ts';

/** The demo member (DEMO_DATA): 1,000-baht opening balance through the ledger. */
export const DEMO = { phone: '0812345678', password: 'demo-password' } as const;

/**
 * Signs the demo member in through the API (faster than the form) with the agreement already accepted, in `lang`.
 * `origin`: a server of the test's own (default: the worker's server, the page's baseURL).
 */
export async function signInQuickly(page: Page, lang: Language, origin = ''): Promise<void> {
  const headers = { 'X-Wallet-User': '1' };
  const login = await page.request.post(`${origin}/api/login`, {
    data: { username: DEMO.phone, password: DEMO.password },
    headers,
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const wallet = await page.request.get(`${origin}/api/wallet`, {
    headers: { ...headers, Authorization: `Bearer ${token}` },
  });
  const { profile } = (await wallet.json()) as { profile: { _id: string } };
  await signInAs(page, lang, { token, memberId: profile._id });
}

/** Opens the app as a member (its token) in `lang`, the agreement already accepted (set before the page's first script). */
export async function signInAs(page: Page, lang: string, member: { token: string; memberId: string }): Promise<void> {
  await page.addInitScript(
    ([value, language, memberId]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('locale', language);
      localStorage.setItem('agreement', memberId);
    },
    [member.token, lang, member.memberId] as const,
  );
}

/** The newest 6-digit code the sandbox SMS gateway sent to `phone`, waited for (never a sleep). */
export async function newestCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get(`/sandbox/sms/outbox?phone=${phone}`)).json()) as Array<{
        text: string;
      }>;
      code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}
