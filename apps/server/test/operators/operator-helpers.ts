import { eq } from 'drizzle-orm';
import { operators } from '../../src/db/schema/auth.ts';
import { decrypt } from '../../src/lib/crypto-box.ts';
import { DEMO_OPERATOR, DEMO_SECOND_ADMIN } from '../../src/modules/auth/demo-operator.ts';
import { totpCode, totpContext } from '../../src/modules/auth/totp.ts';
import { post, uniqueIp, type Reply } from '../account/account-helpers.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** One TOTP step: a code is accepted once, so tests move the clock a step before the next sign-in. */
export const TOTP_STEP_MS = 30_000;

/** The decrypted TOTP secret of an operator, as its authenticator app holds it. */
export async function totpSecretOf(t: TestApp, username: string): Promise<string> {
  const [row] = await t.ctx.db.select().from(operators).where(eq(operators.username, username));
  if (!row) throw new Error(`no operator ${username}`);
  return decrypt(row.totpSecretBox, t.config.secrets.encryptionKey, totpContext(username));
}

/** The secret inside an otpauth:// enrolment URI. */
export const secretOfUri = (uri: string): string => new URL(uri).searchParams.get('secret') ?? '';

export async function operatorLogin(
  t: TestApp,
  username: string,
  password: string,
  secret: string,
  ip = '127.0.0.1',
): Promise<Reply> {
  return post(t, '/api/admin/login', { username, password, totp: totpCode(secret, t.clock.now()) }, { ip });
}

/** Sign in as the seeded demo operator (every role); moves the clock one TOTP step first. */
export async function adminToken(t: TestApp): Promise<string> {
  t.clock.advance(TOTP_STEP_MS);
  const secret = await totpSecretOf(t, DEMO_OPERATOR.username);
  const res = await operatorLogin(t, DEMO_OPERATOR.username, DEMO_OPERATOR.password, secret);
  if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** The second demo admin (role admin), freshly signed in (moves the clock one TOTP step): for four-eyes steps. */
export async function secondAdminToken(t: TestApp): Promise<string> {
  t.clock.advance(TOTP_STEP_MS);
  const secret = await totpSecretOf(t, DEMO_SECOND_ADMIN.username);
  const res = await operatorLogin(t, DEMO_SECOND_ADMIN.username, DEMO_SECOND_ADMIN.password, secret, uniqueIp());
  if (res.status !== 200) throw new Error(`second admin login failed: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** The enrolment link's page as the new operator sees it: the secret behind its QR. */
export async function openEnrolment(t: TestApp, token: string): Promise<Reply> {
  return post(t, '/api/admin/enrolment/open', { token }, { ip: uniqueIp() });
}

/**
 * An operator as a real one comes to be: an admin invites it (a money role: the second admin approves and gets the
 * link), the operator opens the link, chooses `password`, confirms a code, then signs in.
 */
export async function enrolledOperator(
  t: TestApp,
  admin: string,
  username: string,
  roles: readonly string[],
  password = 'operator-password-1',
): Promise<{ id: number; token: string; secret: string; password: string }> {
  const created = await post(t, '/api/admin/operators', { username, roles }, { token: admin });
  if (created.status !== 200) throw new Error(`create ${username} failed: ${JSON.stringify(created.body)}`);
  let link = created.body.enrolment as { token: string } | null;
  if (!link) {
    const request = created.body.request as { id: number };
    const second = await secondAdminToken(t);
    const approved = await post(t, `/api/admin/operator-requests/${request.id}/approve`, undefined, { token: second });
    if (approved.status !== 200) throw new Error(`approve ${username} failed: ${JSON.stringify(approved.body)}`);
    link = approved.body.enrolment as { token: string };
  }
  const opened = await openEnrolment(t, link.token);
  const secret = secretOfUri((opened.body.totp as { uri: string }).uri);
  const totp = totpCode(secret, t.clock.now());
  const enrolled = await post(t, '/api/admin/enrolment', { token: link.token, password, totp }, { ip: uniqueIp() });
  if (enrolled.status !== 200) throw new Error(`enrol ${username} failed: ${JSON.stringify(enrolled.body)}`);
  t.clock.advance(TOTP_STEP_MS);
  const login = await operatorLogin(t, username, password, secret, uniqueIp());
  if (login.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(login.body)}`);
  return { id: (created.body.operator as { id: number }).id, token: login.body.token as string, secret, password };
}
