import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit-verify.ts';
import { get, post, put, uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { totpCode } from '../../src/modules/auth/totp.ts';
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

const auditRows = async () => (await t.ctx.db.select({ n: count() }).from(auditLog))[0]!.n;
const PASSWORD = 'support-password-1';

describe('operator accounts and roles', () => {
  it('invites an operator with a one-time link; its enrolment sets the password and confirms the QR', async () => {
    const before = await auditRows();
    const created = await post(t, '/api/admin/operators', { username: 'sam', roles: ['support'] }, { token: admin });
    expect(created.status).toBe(200);
    const operator = created.body.operator as { id: number };
    expect(await auditRows()).toBe(before + 2); // operator.create, operator.enrolment.issue
    const link = (created.body.enrolment as { token: string }).token;
    const opened = await openEnrolment(t, link);
    const enrolment = opened.body.totp as { uri: string; qr: string };
    expect(opened.body.username).toBe('sam');
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Member%20wallet:sam\?/);
    expect(enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr.split(',')[1] ?? '', 'base64').toString()).toMatch(/^<svg /);
    const secret = secretOfUri(enrolment.uri);
    const totp = totpCode(secret, t.clock.now());
    expect((await post(t, '/api/admin/enrolment', { token: link, password: PASSWORD, totp })).status).toBe(200);
    expect(await auditRows()).toBe(before + 3); // operator.enrolment.complete

    t.clock.advance(TOTP_STEP_MS);
    const login = await operatorLogin(t, 'sam', PASSWORD, secret, uniqueIp());
    expect(login.status).toBe(200);
    const list = await get(t, '/api/admin/operators', { token: admin });
    expect(list.body.rows).toContainEqual(
      expect.objectContaining({ id: operator.id, username: 'sam', roles: ['support'], totpConfirmed: true }),
    );
    const audit = await get(t, '/api/admin/audit', { token: admin });
    const [complete, issue, create] = audit.body.rows as Array<Record<string, unknown>>;
    expect(complete).toMatchObject({
      operator: 'sam',
      action: 'operator.enrolment.complete',
      target: `operator:${operator.id}`,
    });
    expect(issue).toMatchObject({ operator: 'admin', action: 'operator.enrolment.issue' });
    expect(create).toMatchObject({
      operator: 'admin',
      action: 'operator.create',
      before: null,
      after: { username: 'sam', roles: ['support'], enabled: true, state: 'invited', totpConfirmed: false },
      ip: '127.0.0.1',
    });
    expect(JSON.stringify(audit.body)).not.toContain(PASSWORD);
    expect(JSON.stringify(audit.body)).not.toContain(link);
  });

  it('answers 403 FORBIDDEN to an operator without the role', async () => {
    const { token } = await enrolledOperator(t, admin, 'sue', ['support', 'marketing'], PASSWORD);
    expect(await get(t, '/api/admin/me', { token })).toMatchObject({ status: 200 });
    for (const res of [
      await get(t, '/api/admin/operators', { token }),
      await get(t, '/api/admin/audit', { token }),
      await post(t, '/api/admin/operators', { username: 'eve', roles: ['admin'] }, { token }),
      await post(t, '/api/admin/operator-requests/1/approve', undefined, { token }),
    ]) {
      expect(res).toEqual({ status: 403, body: { message: 'FORBIDDEN' } });
    }
  });

  it('writes an audit row for every change, in order, with before and after', async () => {
    const { id } = await enrolledOperator(t, admin, 'pat', ['support'], PASSWORD);
    const start = await auditRows();
    const roles = await put(t, `/api/admin/operators/${id}`, { roles: ['marketing', 'support'] }, { token: admin });
    expect(roles.body.operator).toMatchObject({ roles: ['marketing', 'support'] });
    const reissued = await post(t, `/api/admin/operators/${id}/enrolment`, undefined, { token: admin });
    expect(reissued.body.enrolment).toMatchObject({ token: expect.any(String) });
    const disabled = await put(t, `/api/admin/operators/${id}`, { enabled: false }, { token: admin });
    expect(disabled.body.operator).toMatchObject({ enabled: false });
    expect(await auditRows()).toBe(start + 3);

    const rows = (await get(t, '/api/admin/audit', { token: admin })).body.rows as Array<Record<string, unknown>>;
    expect(rows.slice(0, 3).map((r) => [r.action, r.before, r.after])).toEqual([
      ['operator.update', expect.objectContaining({ enabled: true }), expect.objectContaining({ enabled: false })],
      ['operator.enrolment.issue', null, expect.objectContaining({ state: 'invited' })],
      [
        'operator.update',
        expect.objectContaining({ roles: ['support'] }),
        expect.objectContaining({ roles: ['marketing', 'support'] }),
      ],
    ]);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ problems: [] });
  });

  it('ends the sessions of a disabled operator and refuses its sign-in', async () => {
    const { id, token, secret } = await enrolledOperator(t, admin, 'dan', ['support'], PASSWORD);
    await put(t, `/api/admin/operators/${id}`, { enabled: false }, { token: admin });
    expect((await get(t, '/api/admin/me', { token })).status).toBe(401);
    t.clock.advance(TOTP_STEP_MS);
    expect((await operatorLogin(t, 'dan', PASSWORD, secret, uniqueIp())).status).toBe(401);
  });

  it('refuses a duplicate username, an admin locking themself out, and an unknown id', async () => {
    const dup = await post(t, '/api/admin/operators', { username: 'admin', roles: ['support'] }, { token: admin });
    expect(dup).toEqual({ status: 409, body: { message: 'EXISTING_USER' } });
    const me = (await get(t, '/api/admin/operators', { token: admin })).body.rows as Array<{
      id: number;
      username: string;
    }>;
    const self = me.find((o) => o.username === 'admin')!.id;
    expect(await put(t, `/api/admin/operators/${self}`, { roles: ['support'] }, { token: admin })).toEqual({
      status: 403,
      body: { message: 'FORBIDDEN' },
    });
    expect(await put(t, `/api/admin/operators/999999`, { enabled: false }, { token: admin })).toEqual({
      status: 404,
      body: { message: 'NOT_FOUND' },
    });
  });
});
