import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../../src/db/schema/events.ts';
import { jobRuns } from '../../src/db/schema/jobs.ts';
import { auditLog } from '../../src/db/schema/audit.ts';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { get, post, put, uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  adminToken,
  enrolledOperator,
  openEnrolment,
  operatorLogin,
  secretOfUri,
  TOTP_STEP_MS,
} from './operator-helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const PASSWORD = 'console-test-password';
type Row = Record<string, unknown>;

describe('first sign-in', () => {
  it('an invited operator cannot sign in (nor get a QR) before enrolling through its link; after it, a code is needed', async () => {
    const created = await post(t, '/api/admin/operators', { username: 'newbie', roles: ['support'] }, { token: admin });
    expect(created.status).toBe(200);
    const ip = uniqueIp();
    // no password exists yet: whatever is tried answers 401 and never a QR or a token
    for (const body of [
      { username: 'newbie', password: PASSWORD },
      { username: 'newbie', password: PASSWORD, totp: '123456' },
    ]) {
      const res = await post(t, '/api/admin/login', body, { ip });
      expect(res.status).toBe(401);
      expect(res.body).not.toHaveProperty('enrolment');
      expect(res.body).not.toHaveProperty('token');
    }
    const link = (created.body.enrolment as { token: string }).token;
    const secret = secretOfUri(((await openEnrolment(t, link)).body.totp as { uri: string }).uri);
    const enrol = { token: link, password: PASSWORD, totp: totpCode(secret, t.clock.now()) };
    expect(await post(t, '/api/admin/enrolment', enrol, { ip })).toEqual({ status: 200, body: { message: 'SUCCESS' } });

    // enrolled: no code is a wrong credential, never the secret again
    t.clock.advance(TOTP_STEP_MS);
    const again = await post(t, '/api/admin/login', { username: 'newbie', password: PASSWORD }, { ip });
    expect(again.status).toBe(401);
    expect(again.body).not.toHaveProperty('enrolment');
    expect((await operatorLogin(t, 'newbie', PASSWORD, secret, ip)).status).toBe(200);
  });
});

describe('my sessions', () => {
  it('lists my live sessions, marks the current one, and revokes another one with an audit row', async () => {
    const { token: one, secret } = await enrolledOperator(t, admin, 'sessy', ['finance'], PASSWORD);
    t.clock.advance(TOTP_STEP_MS);
    const two = (await operatorLogin(t, 'sessy', PASSWORD, secret, uniqueIp())).body.token as string;

    const list = await get(t, '/api/admin/sessions', { token: two });
    const sessions = list.body.sessions as Array<{ id: string; current: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;

    // another operator cannot revoke it (and learns nothing about it)
    expect(await post(t, `/api/admin/sessions/${other.id}/revoke`, undefined, { token: admin })).toEqual({
      status: 404,
      body: { message: 'NOT_FOUND' },
    });
    const revoked = await post(t, `/api/admin/sessions/${other.id}/revoke`, undefined, { token: two });
    expect(revoked).toEqual({ status: 200, body: { message: 'SUCCESS' } });
    expect((await get(t, '/api/admin/me', { token: one })).status).toBe(401);
    expect((await get(t, '/api/admin/me', { token: two })).status).toBe(200);
    expect(await post(t, `/api/admin/sessions/${other.id}/revoke`, undefined, { token: two })).toMatchObject({
      status: 404,
    });

    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'operator.session.revoke'));
    expect(row).toMatchObject({ operator: 'sessy', before: { revoked: false }, after: { revoked: true } });
    expect(JSON.stringify(row)).not.toContain(other.id);
  });
});

describe('settings', () => {
  it('lists every setting of the store', async () => {
    const res = await get(t, '/api/admin/settings', { token: admin });
    const keys = (res.body.settings as Row[]).map((s) => s.key);
    expect(keys).toEqual(
      expect.arrayContaining(['siteStatus', 'withdrawLimits', 'slipWindow', 'deposit', 'registerOTP']),
    );
    expect((res.body.settings as Row[]).find((s) => s.key === 'withdrawLimits')?.value).toMatchObject({
      withdrawMin: 100,
      withdrawMax: 50_000,
    });
  });

  it('writes a setting with its audit row and a settings.updated event in the same transaction, live at once', async () => {
    const before = await t.ctx.settings.get('minDeposit');
    const res = await put(t, '/api/admin/settings/minDeposit', { value: before + 49 }, { token: admin });
    expect(res).toEqual({ status: 200, body: { key: 'minDeposit', value: before + 49, pending: null } });
    expect(await t.ctx.settings.get('minDeposit')).toBe(before + 49);
    const lookup = await get(t, '/api/lookup/deposit');
    expect(lookup.body.minDeposit).toBe(before + 49);

    const audit = await get(t, '/api/admin/audit?action=settings.update', { token: admin });
    expect((audit.body.rows as Row[])[0]).toMatchObject({
      operator: 'admin',
      action: 'settings.update',
      target: 'setting:minDeposit',
      before,
      after: before + 49,
    });
    const events = await t.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'settings.updated'));
    expect(events.map((e) => e.payload)).toContainEqual({ keys: ['minDeposit'] });
  });

  it('refuses a value its schema refuses (KEY_INVALID), changing and auditing nothing', async () => {
    const rows = (await get(t, '/api/admin/audit', { token: admin })).body.total;
    for (const value of [-1, 1.5, 'ten', null, { withdrawMin: 1 }]) {
      expect(await put(t, '/api/admin/settings/minDeposit', { value }, { token: admin })).toEqual({
        status: 400,
        body: { message: 'KEY_INVALID' },
      });
    }
    expect(
      await put(
        t,
        '/api/admin/settings/withdrawLimits',
        { value: { withdrawMin: 900, withdrawMax: 100 } },
        { token: admin },
      ),
    ).toMatchObject({ status: 400 });
    expect(await put(t, '/api/admin/settings/noSuchKey', { value: 1 }, { token: admin })).toMatchObject({
      status: 400,
    });
    expect((await get(t, '/api/admin/audit', { token: admin })).body.total).toBe(rows);
  });
});

describe('audit log', () => {
  it('pages on the server, filters by operator, action prefix and time, and verifies the chain', async () => {
    const all = await get(t, '/api/admin/audit?pageSize=2', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 2 });
    expect((all.body.rows as Row[]).length).toBe(2);
    const total = all.body.total as number;
    expect(total).toBeGreaterThan(4);
    const page2 = await get(t, '/api/admin/audit?pageSize=2&page=2', { token: admin });
    expect((page2.body.rows as Row[])[0]!.id).toBeLessThan((all.body.rows as Row[])[1]!.id as number);

    const byOperator = await get(t, '/api/admin/audit?operator=newbie&pageSize=100', { token: admin });
    expect((byOperator.body.rows as Row[]).every((r) => r.operator === 'newbie')).toBe(true);
    expect(byOperator.body.total).toBeGreaterThan(0);
    const byAction = await get(t, '/api/admin/audit?action=operator&pageSize=100', { token: admin });
    expect((byAction.body.rows as Row[]).every((r) => String(r.action).startsWith('operator'))).toBe(true);
    // `_` is not a wildcard
    expect((await get(t, '/api/admin/audit?action=operator_', { token: admin })).body.total).toBe(0);

    const future = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    expect((await get(t, `/api/admin/audit?from=${encodeURIComponent(future)}`, { token: admin })).body.total).toBe(0);
    expect((await get(t, `/api/admin/audit?to=${encodeURIComponent(future)}`, { token: admin })).body.total).toBe(
      total,
    );
    for (const bad of ['page=0', 'pageSize=101', 'from=yesterday', 'action=%25', 'page=abc']) {
      expect((await get(t, `/api/admin/audit?${bad}`, { token: admin })).status).toBe(400);
    }

    const verify = await get(t, '/api/admin/audit/verify', { token: admin });
    expect(verify.body).toMatchObject({ ok: true, problems: [], rows: total });
  });
});

describe('job runs', () => {
  it('lists runs newest first with the job names, filtered by job and status', async () => {
    const at = t.clock.now();
    await t.ctx.db.insert(jobRuns).values([
      { job: 'alpha', status: 'succeeded', queuedAt: at, attempts: 1 },
      { job: 'beta', status: 'failed', queuedAt: at, attempts: 3, error: 'boom' },
      { job: 'alpha', status: 'running', queuedAt: at, attempts: 1 },
    ]);
    const res = await get(t, '/api/admin/jobs?pageSize=20', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.jobs).toEqual(expect.arrayContaining(['alpha', 'beta']));
    const alpha = await get(t, '/api/admin/jobs?job=alpha', { token: admin });
    expect((alpha.body.rows as Row[]).map((r) => r.status)).toEqual(['running', 'succeeded']);
    const failed = await get(t, '/api/admin/jobs?status=failed', { token: admin });
    expect(failed.body.rows).toEqual([expect.objectContaining({ job: 'beta', error: 'boom', attempts: 3 })]);
    expect((await get(t, '/api/admin/jobs?status=exploded', { token: admin })).status).toBe(400);
  });
});
