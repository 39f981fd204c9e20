import { eq } from 'drizzle-orm';
import { operators } from '../../src/db/schema/auth.ts';
import { decrypt } from '../../src/lib/crypto-box.ts';
import { DEMO_OPERATOR } from '../../src/modules/auth/demo-operator.ts';
import { totpContext } from '../../src/modules/auth/operator-accounts.service.ts';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { post, type Reply } from '../account/account-helpers.ts';
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
