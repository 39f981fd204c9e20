import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import type { ModuleFactory } from '../../src/http/handlers.ts';
import { scrubErrorText, serializeError } from '../../src/lib/log-serializers.ts';
import { modules } from '../../src/bootstrap/modules.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { lastCode, login, post, put, registration, sendOtp, signUp, uniquePhone } from '../account/account-helpers.ts';
import { captureLogs, expectNoSecrets } from './hostile-kit.ts';

/** ADR 0016: no OTP, password, hash, bank number or token in the logs, on success and failure paths. */
const BANK_NO = '9876543210';
const PASSWORD = 'hunter2-secret-pass';

/** Routes that fail inside a query carrying a secret parameter, as a failed member write would. */
const failingQueries: ModuleFactory = (ctx) => ({
  name: 'failing-queries',
  plugin: async (app) => {
    app.get('/test/failing-cast', async () => ctx.db.execute(sql`select ${BANK_NO}::int + 1`));
    app.get('/test/failing-write', async () => {
      await ctx.db.execute(sql`insert into members (id, username, password_hash) values (1, ${BANK_NO}, ${PASSWORD})`);
    });
  },
});

let t: TestApp;
const logs = captureLogs();
beforeAll(async () => {
  t = await createTestApp({
    env: { NODE_ENV: 'development', LOG_LEVEL: 'info' },
    modules: [...modules, failingQueries],
    logStream: logs.stream,
  });
});
afterAll(() => t.close());

describe('secrets in logs', () => {
  it('never logs them across OTP, registration, login, profile and failed queries', async () => {
    const phone = uniquePhone();
    const sent = await sendOtp(t, phone);
    expect(sent.status).toBe(200);
    const code = await lastCode(t, phone);
    await post(t, '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode: '000000' });
    await t.ctx.settings.set('registerOTP', false);
    const member = await signUp(t, { password: PASSWORD, bankAccountNo: BANK_NO });
    await login(t, member.username, 'wrong-password');
    await put(t, '/api/account/profile', { bankCode: 'KB\u0000' }, { token: member.token });
    await put(
      t,
      '/api/account/changepwd',
      { oldPassword: PASSWORD, newPassword: `${PASSWORD}!` },
      { token: member.token },
    );
    await post(t, '/api/account', registration({ password: PASSWORD, bankAccountNo: BANK_NO }));
    for (const url of ['/test/failing-cast', '/test/failing-write']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.json()).toEqual({ message: 'INTERNAL_SERVER_ERROR' });
    }

    const [row] = await t.ctx.db
      .select({ hash: members.passwordHash })
      .from(members)
      .where(eq(members.username, member.username));
    const text = logs.text();
    expect(text).toContain('unhandled error'); // the failures were logged, without their secrets
    expect(text).toContain('sandbox SMS');
    expectNoSecrets(text, [code, PASSWORD, BANK_NO, member.token, String(sent.body.otpToken), row!.hash]);
  });

  it('cuts the SQL parameters and quoted input values out of logged errors', () => {
    const err = new Error(`Failed query: insert into members values ($1, $2)\nparams: ${BANK_NO},${PASSWORD}`, {
      cause: Object.assign(new Error(`invalid input syntax for type integer: "${BANK_NO}"`), {
        code: '22P02',
        detail: `Key (bank_account_no)=(${BANK_NO}) already exists.`,
      }),
    });
    const logged = JSON.stringify(serializeError(err));
    expectNoSecrets(logged, [BANK_NO, PASSWORD]);
    expect(logged).toContain('insert into members');
    expect(logged).toContain('22P02');
    expect(scrubErrorText('Failed query: select "members"."id" from "members"')).toContain('"members"."id"');
  });
});
