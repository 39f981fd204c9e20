import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { freshTotp, secondAdmin } from './operator.ts';
import type { RunningServer } from './server.ts';

const secondAdminTokens = new Map<string, string>();

/**
 * The second demo admin's token on a running server, signed in once per server: each sign-in spends a TOTP step,
 * and a third within 30 s waits for the clock (freshTotp).
 */
async function secondAdminToken(request: APIRequestContext, server: RunningServer): Promise<string> {
  const cached = secondAdminTokens.get(server.url);
  if (cached) return cached;
  const admin2 = secondAdmin(server.logs());
  const login = await request.post(`${server.url}/api/admin/login`, {
    data: { username: admin2.username, password: admin2.password, totp: await freshTotp(admin2.secret) },
    headers: { 'X-Wallet-User': '1' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  secondAdminTokens.set(server.url, token);
  return token;
}

/**
 * A money-critical setting changed by the demo admin waits for a second admin (docs/decisions/0022-four-eyes-approvals.md):
 * the second demo admin approves the pending change of `key` through the API.
 */
export async function approveSettingAsSecondAdmin(
  request: APIRequestContext,
  server: RunningServer,
  key: string,
): Promise<void> {
  const headers = { Authorization: `Bearer ${await secondAdminToken(request, server)}` };
  const list = await request.get(`${server.url}/api/admin/approvals?status=pending&kind=setting`, { headers });
  const rows = ((await list.json()) as { rows: Array<{ id: number; target: string }> }).rows;
  const pending = rows.find((r) => r.target === `setting:${key}`);
  expect(pending, `a pending change of ${key}`).toBeDefined();
  const approved = await request.post(`${server.url}/api/admin/approvals/${pending!.id}/approve`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
}
