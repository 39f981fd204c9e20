import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/operators.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit-verify.ts';
import { get, post, put, uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken, operatorLogin, secretOfUri, TOTP_STEP_MS } from './operator-helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const auditRows = async () => (await t.ctx.db.select({ n: count() }).from(auditLog))[0]!.n;
const PASSWORD = 'support-password-1';

async function createOperator(username: string, roles: string[]) {
  const res = await post(t, '/api/admin/operators', { username, password: PASSWORD, roles }, { token: admin });
  expect(res.status).toBe(200);
  return res.body as { operator: { id: number }; enrolment: { uri: string; qr: string } };
}

describe('operator accounts and roles', () => {
  it('creates an operator with a QR enrolment that its first sign-in confirms', async () => {
    const before = await auditRows();
    const { operator, enrolment } = await createOperator('sam', ['support']);
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Member%20wallet:sam\?/);
    expect(enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr.split(',')[1] ?? '', 'base64').toString()).toMatch(/^<svg /);
    expect(await auditRows()).toBe(before + 1);

    t.clock.advance(TOTP_STEP_MS);
    const login = await operatorLogin(t, 'sam', PASSWORD, secretOfUri(enrolment.uri), uniqueIp());
    expect(login.status).toBe(200);
    expect(await auditRows()).toBe(before + 2); // operator.totp.confirm
    const list = await get(t, '/api/admin/operators', { token: admin });
    expect(list.body.rows).toContainEqual(
      expect.objectContaining({ id: operator.id, username: 'sam', roles: ['support'], totpConfirmed: true }),
    );
    const audit = await get(t, '/api/admin/audit', { token: admin });
    const [confirm, create] = audit.body.rows as Array<Record<string, unknown>>;
    expect(confirm).toMatchObject({
      operator: 'sam',
      action: 'operator.totp.confirm',
      target: `operator:${operator.id}`,
    });
    expect(create).toMatchObject({
      operator: 'admin',
      action: 'operator.create',
      before: null,
      after: { username: 'sam', roles: ['support'], enabled: true, totpConfirmed: false },
      ip: '127.0.0.1',
    });
    expect(JSON.stringify(audit.body)).not.toContain(PASSWORD);
  });

  it('answers 403 FORBIDDEN to an operator without the role', async () => {
    const { enrolment } = await createOperator('sue', ['support', 'marketing']);
    t.clock.advance(TOTP_STEP_MS);
    const login = await operatorLogin(t, 'sue', PASSWORD, secretOfUri(enrolment.uri), uniqueIp());
    const token = login.body.token as string;
    expect(await get(t, '/api/admin/me', { token })).toMatchObject({ status: 200 });
    for (const res of [
      await get(t, '/api/admin/operators', { token }),
      await get(t, '/api/admin/audit', { token }),
      await post(t, '/api/admin/operators', { username: 'eve', password: PASSWORD, roles: ['admin'] }, { token }),
    ]) {
      expect(res).toEqual({ status: 403, body: { message: 'FORBIDDEN' } });
    }
  });

  it('writes an audit row for every change, in order, with before and after', async () => {
    const { operator, enrolment } = await createOperator('pat', ['finance']);
    const id = operator.id;
    const start = await auditRows();
    const roles = await put(t, `/api/admin/operators/${id}`, { roles: ['finance', 'support'] }, { token: admin });
    expect(roles.body.operator).toMatchObject({ roles: ['finance', 'support'] });
    const reset = await post(t, `/api/admin/operators/${id}/totp`, undefined, { token: admin });
    expect(secretOfUri(reset.body.uri as string)).not.toBe(secretOfUri(enrolment.uri));
    const disabled = await put(t, `/api/admin/operators/${id}`, { enabled: false }, { token: admin });
    expect(disabled.body.operator).toMatchObject({ enabled: false });
    expect(await auditRows()).toBe(start + 3);

    const rows = (await get(t, '/api/admin/audit', { token: admin })).body.rows as Array<Record<string, unknown>>;
    expect(rows.slice(0, 3).map((r) => [r.action, r.before, r.after])).toEqual([
      ['operator.update', expect.objectContaining({ enabled: true }), expect.objectContaining({ enabled: false })],
      ['operator.totp.reset', expect.anything(), expect.objectContaining({ totpConfirmed: false })],
      [
        'operator.update',
        expect.objectContaining({ roles: ['finance'] }),
        expect.objectContaining({ roles: ['finance', 'support'] }),
      ],
    ]);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ problems: [] });
  });

  it('ends the sessions of a disabled operator and refuses its sign-in', async () => {
    const { operator, enrolment } = await createOperator('dan', ['support']);
    t.clock.advance(TOTP_STEP_MS);
    const secret = secretOfUri(enrolment.uri);
    const token = (await operatorLogin(t, 'dan', PASSWORD, secret, uniqueIp())).body.token as string;
    await put(t, `/api/admin/operators/${operator.id}`, { enabled: false }, { token: admin });
    expect((await get(t, '/api/admin/me', { token })).status).toBe(401);
    t.clock.advance(TOTP_STEP_MS);
    expect((await operatorLogin(t, 'dan', PASSWORD, secret, uniqueIp())).status).toBe(401);
  });

  it('refuses a duplicate username, an admin locking themself out, and an unknown id', async () => {
    const dup = await post(
      t,
      '/api/admin/operators',
      { username: 'admin', password: PASSWORD, roles: ['support'] },
      { token: admin },
    );
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
