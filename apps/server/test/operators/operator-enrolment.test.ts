// Longer than 300 lines by choice: one suite of enrolment scenarios sharing one app and its admins.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { operators } from '../../src/db/schema/auth.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit.api.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { get, post, put, signUp, uniqueIp } from '../account/account-helpers.ts';
import { adminCall } from '../backoffice/backoffice-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  adminToken,
  enrolledOperator,
  openEnrolment,
  operatorLogin,
  secondAdminToken,
  secretOfUri,
  TOTP_STEP_MS,
} from './operator-helpers.ts';

/** Operators set their own credentials; money roles need a second admin (docs/decisions/0023-operator-enrolment.md). */
let t: TestApp;
let admin: string;
let second: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  admin = await adminToken(t);
  second = await secondAdminToken(t);
});
afterAll(() => t.close());

type Link = { token: string; expiresAt: string };
type Request = { id: number; kind: string; roles: string[] | null; status: string };
const PASSWORD = 'my-own-password-1';

const create = (username: string, roles: string[], extra: Record<string, unknown> = {}) =>
  post(t, '/api/admin/operators', { username, roles, ...extra }, { token: admin });
const approve = (id: number, token: string) =>
  post(t, `/api/admin/operator-requests/${id}/approve`, undefined, { token });
/** Opens the link and finishes it as its holder would: the QR's secret, a password, a code. */
async function enrol(link: string, password = PASSWORD): Promise<string> {
  const opened = await openEnrolment(t, link);
  expect(opened.status).toBe(200);
  const secret = secretOfUri((opened.body.totp as { uri: string }).uri);
  const res = await post(
    t,
    '/api/admin/enrolment',
    { token: link, password, totp: totpCode(secret, t.clock.now()) },
    { ip: uniqueIp() },
  );
  expect(res).toEqual({ status: 200, body: { message: 'SUCCESS' } });
  t.clock.advance(TOTP_STEP_MS);
  return secret;
}
const operatorRow = async (username: string) =>
  (await t.ctx.db.select().from(operators).where(eq(operators.username, username)))[0]!;
const expectClean = async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ problems: [] });
};

describe('an admin never learns a created operator’s password or TOTP secret', () => {
  it('creates an invited operator with only a one-time link; the admin’s own password choice is not taken', async () => {
    const res = await create('ivy', ['support'], { password: 'admin-chosen-password' });
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/otpauth|secret|password|data:image/i);
    expect(res.body.operator).toMatchObject({ username: 'ivy', state: 'invited', totpConfirmed: false });
    const link = res.body.enrolment as Link;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // stored as a hash only, never the token itself
    const row = await operatorRow('ivy');
    expect(row.passwordHash).toBeNull();
    expect(JSON.stringify(await t.ctx.db.select().from(auditLog))).not.toContain(link.token);
    // the password the admin tried to set does not exist
    const tried = await post(t, '/api/admin/login', { username: 'ivy', password: 'admin-chosen-password' });
    expect(tried.status).toBe(401);
    // the list shows the state, never a secret
    const list = await get(t, '/api/admin/operators?pageSize=100', { token: admin });
    const listed = (list.body.rows as Array<Record<string, unknown>>).find((r) => r.username === 'ivy');
    expect(listed).toMatchObject({ state: 'invited', enrolmentExpiresAt: link.expiresAt, pendingRequest: null });
    expect(JSON.stringify(list.body)).not.toMatch(/otpauth|token/);

    const secret = await enrol(link.token);
    expect((await operatorLogin(t, 'ivy', PASSWORD, secret, uniqueIp())).status).toBe(200);
    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `operator:${row.id}`))
    ).map((r) => [r.action, r.operator]);
    expect(actions).toEqual([
      ['operator.create', 'admin'],
      ['operator.enrolment.issue', 'admin'],
      ['operator.enrolment.complete', 'ivy'],
    ]);
    expect(JSON.stringify(await t.ctx.db.select().from(auditLog))).not.toContain(PASSWORD);
    await expectClean();
  });

  it('refuses a short password and a wrong code at enrolment, and the link stays usable', async () => {
    const link = ((await create('short', ['marketing'])).body.enrolment as Link).token;
    const secret = secretOfUri(((await openEnrolment(t, link)).body.totp as { uri: string }).uri);
    const code = totpCode(secret, t.clock.now());
    const ip = uniqueIp();
    expect(await post(t, '/api/admin/enrolment', { token: link, password: 'elevenchars', totp: code }, { ip })).toEqual(
      { status: 400, body: { message: 'PASSWORD_TOO_SHORT' } },
    );
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await post(t, '/api/admin/enrolment', { token: link, password: PASSWORD, totp: wrong }, { ip })).toEqual({
      status: 400,
      body: { message: 'TOTP_CODE_WRONG' },
    });
    expect((await operatorRow('short')).passwordHash).toBeNull();
    await enrol(link);
    await expectClean();
  });
});

describe('self-approval through a created account is impossible', () => {
  it('a finance operator waits for a second admin, who alone receives its link', async () => {
    const res = await create('fin', ['finance']);
    expect(res.status).toBe(200);
    expect(res.body.enrolment).toBeNull();
    const request = res.body.request as Request;
    expect(request).toMatchObject({ kind: 'create', roles: ['finance'], status: 'pending' });
    expect(res.body.operator).toMatchObject({ roles: [], state: 'invited' });
    // the requester can neither approve it nor get a link another way
    expect(await approve(request.id, admin)).toEqual({ status: 403, body: { message: 'APPROVAL_OWN_REQUEST' } });
    const id = (res.body.operator as { id: number }).id;
    expect(await post(t, `/api/admin/operators/${id}/enrolment`, undefined, { token: admin })).toEqual({
      status: 409,
      body: { message: 'APPROVAL_PENDING' },
    });
    const pending = await get(t, '/api/admin/operator-requests', { token: second });
    expect((pending.body.rows as Request[]).map((r) => r.id)).toContain(request.id);

    const approved = await approve(request.id, second);
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'approved', decidedBy: 'admin2' });
    const link = approved.body.enrolment as Link;
    expect((await operatorRow('fin')).roles).toEqual(['finance']);
    expect(await approve(request.id, second)).toEqual({ status: 409, body: { message: 'APPROVAL_DECIDED' } });
    await enrol(link.token);
    await expectClean();
  });

  it('a support account the admin set up themself loses those credentials when a second admin grants finance', async () => {
    const member = await signUp(t, { name: 'Target Member', bankAccountNo: '5550009999' });
    const memberId = Number(
      ((await get(t, '/api/wallet', { token: member.token })).body.profile as { _id: string })._id,
    );
    // the admin asks for a 9,000 adjustment: above the threshold it waits for another finance operator
    const adjustment = await adminCall(t, admin, 'POST', `/api/admin/members/${memberId}/adjustments`, {
      amount: '900000',
      reason: 'goodwill',
    });
    expect(adjustment.body.adjustment).toMatchObject({ status: 'pending' });

    // the admin invites a support operator and enrols it with their own password and phone
    const pup = await create('pup', ['support']);
    const pupId = (pup.body.operator as { id: number }).id;
    const secret = await enrol((pup.body.enrolment as Link).token, 'admin-owned-password');
    const puppet = (await operatorLogin(t, 'pup', 'admin-owned-password', secret, uniqueIp())).body.token as string;
    // granting finance is only a request; the role does not arrive
    const promote = await put(t, `/api/admin/operators/${pupId}`, { roles: ['finance', 'support'] }, { token: admin });
    expect(promote.body.request).toMatchObject({ kind: 'roles', roles: ['finance', 'support'], status: 'pending' });
    expect(promote.body.operator).toMatchObject({ roles: ['support'] });
    const id = (adjustment.body.adjustment as { id: number }).id;
    expect((await adminCall(t, puppet, 'POST', `/api/admin/adjustments/${id}/approve`)).status).toBe(403);

    // approved by the second admin: the account the requester set up must enrol again, from the approver's link
    const approved = await approve((promote.body.request as Request).id, second);
    expect(approved.body.enrolment).toMatchObject({ token: expect.any(String) });
    expect((await get(t, '/api/admin/me', { token: puppet })).status).toBe(401);
    t.clock.advance(TOTP_STEP_MS);
    expect((await operatorLogin(t, 'pup', 'admin-owned-password', secret, uniqueIp())).status).toBe(401);
    expect((await adminCall(t, puppet, 'POST', `/api/admin/adjustments/${id}/approve`)).status).toBe(401);
    expect((await adminCall(t, admin, 'POST', `/api/admin/adjustments/${id}/approve`)).status).toBe(403);
    const list = await adminCall(t, admin, 'GET', `/api/admin/adjustments?status=pending`);
    expect((list.body.rows as Array<{ id: number }>).map((r) => r.id)).toContain(id);
    await expectClean();
  });

  it('a grant to an operator another admin set up keeps its credentials; removing a role needs nobody', async () => {
    // admin2 invites sam (support) and hands over the link; admin asks for finance; admin2 approves
    const created = await post(t, '/api/admin/operators', { username: 'sam', roles: ['support'] }, { token: second });
    const secret = await enrol((created.body.enrolment as Link).token);
    const sam = (await operatorLogin(t, 'sam', PASSWORD, secret, uniqueIp())).body.token as string;
    const samId = (created.body.operator as { id: number }).id;
    const promote = await put(t, `/api/admin/operators/${samId}`, { roles: ['finance', 'support'] }, { token: admin });
    const approved = await approve((promote.body.request as Request).id, second);
    expect(approved.body).toMatchObject({ enrolment: null, request: { status: 'approved' } });
    expect((await get(t, '/api/admin/me', { token: sam })).body).toMatchObject({ roles: ['finance', 'support'] });
    const demote = await put(t, `/api/admin/operators/${samId}`, { roles: ['support'] }, { token: admin });
    expect(demote.body).toMatchObject({ request: null, operator: { roles: ['support'] } });
    // rejecting a creation leaves the operator disabled and roleless
    const boss = await create('boss', ['admin']);
    const rejected = await post(
      t,
      `/api/admin/operator-requests/${(boss.body.request as Request).id}/reject`,
      undefined,
      { token: second },
    );
    expect(rejected.body.request).toMatchObject({ status: 'rejected', decidedBy: 'admin2' });
    expect(await operatorRow('boss')).toMatchObject({ roles: [], enabled: false, passwordHash: null });
    const actions = (await t.ctx.db.select().from(auditLog).where(like(auditLog.action, 'operator.request.%'))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['operator.request.approve', 'operator.request.reject']));
    await expectClean();
  });
});

describe('links expire, re-issuing replaces them and ends sessions', () => {
  it('a link and its QR stop working after the setting’s hours', async () => {
    await t.ctx.settings.set('operatorEnrolmentHours', 2);
    const res = await create('late', ['support']);
    const link = res.body.enrolment as Link;
    expect(Date.parse(link.expiresAt) - t.clock.now().getTime()).toBe(2 * 3600_000);
    t.clock.advance(2 * 3600_000);
    expect(await openEnrolment(t, link.token)).toEqual({ status: 400, body: { message: 'ENROLMENT_EXPIRED' } });
    const finish = { token: link.token, password: PASSWORD, totp: '123456' };
    expect(await post(t, '/api/admin/enrolment', finish, { ip: uniqueIp() })).toEqual({
      status: 400,
      body: { message: 'ENROLMENT_EXPIRED' },
    });
    // hours later the sessions idled out: sign in again
    admin = await adminToken(t);
    second = await secondAdminToken(t);
    const list = await get(t, '/api/admin/operators?pageSize=100', { token: admin });
    expect((list.body.rows as Array<Record<string, unknown>>).find((r) => r.username === 'late')).toMatchObject({
      state: 'invited',
      enrolmentExpiresAt: null,
    });
    await t.ctx.settings.set('operatorEnrolmentHours', 24);
    await expectClean();
  });

  it('re-issuing (lost phone) ends the old link, password, authenticator and sessions', async () => {
    const lost = await enrolledOperator(t, admin, 'lost', ['marketing'], PASSWORD);
    const firstLink = await create('lost2', ['support']);
    const oldLink = (firstLink.body.enrolment as Link).token;
    const again = await post(t, `/api/admin/operators/${lost.id}/enrolment`, undefined, { token: admin });
    expect(again.status).toBe(200);
    expect(again.body.request).toBeNull();
    const link = (again.body.enrolment as Link).token;
    expect((await get(t, '/api/admin/me', { token: lost.token })).status).toBe(401);
    expect((await operatorLogin(t, 'lost', PASSWORD, lost.secret, uniqueIp())).status).toBe(401);
    const secret = await enrol(link, 'new-own-password');
    expect(secret).not.toBe(lost.secret);
    expect((await operatorLogin(t, 'lost', 'new-own-password', secret, uniqueIp())).status).toBe(200);
    expect(await openEnrolment(t, link)).toEqual({ status: 400, body: { message: 'ENROLMENT_INVALID' } });
    // a second link for lost2 supersedes its first
    const id2 = (firstLink.body.operator as { id: number }).id;
    const newer = await post(t, `/api/admin/operators/${id2}/enrolment`, undefined, { token: admin });
    expect(await openEnrolment(t, oldLink)).toEqual({ status: 400, body: { message: 'ENROLMENT_INVALID' } });
    await enrol((newer.body.enrolment as Link).token);
    await expectClean();
  });

  it('re-issuing the link of a finance operator needs a second admin, who receives it', async () => {
    const fin = await enrolledOperator(t, admin, 'fin-lost', ['finance']);
    const asked = await post(t, `/api/admin/operators/${fin.id}/enrolment`, undefined, { token: admin });
    expect(asked.body).toMatchObject({ enrolment: null, request: { kind: 'enrolment', status: 'pending' } });
    expect((await get(t, '/api/admin/me', { token: fin.token })).status).toBe(200);
    const approved = await approve((asked.body.request as Request).id, second);
    expect(approved.body.enrolment).toMatchObject({ token: expect.any(String) });
    expect((await get(t, '/api/admin/me', { token: fin.token })).status).toBe(401);
    await expectClean();
  });
});

describe('changing my own password', () => {
  it('needs the current password and a fresh code, ends my other sessions and keeps this one', async () => {
    const me = await enrolledOperator(t, admin, 'changer', ['support'], PASSWORD);
    t.clock.advance(TOTP_STEP_MS);
    const other = (await operatorLogin(t, 'changer', PASSWORD, me.secret, uniqueIp())).body.token as string;
    t.clock.advance(TOTP_STEP_MS);
    const code = () => totpCode(me.secret, t.clock.now());
    const change = (body: Record<string, string>) => put(t, '/api/admin/password', body, { token: me.token });
    expect(
      await change({ currentPassword: 'not-my-password', newPassword: 'another-password-1', totp: code() }),
    ).toEqual({ status: 400, body: { message: 'WRONG_PASSWORD' } });
    const wrong = code() === '000000' ? '111111' : '000000';
    expect(await change({ currentPassword: PASSWORD, newPassword: 'another-password-1', totp: wrong })).toEqual({
      status: 400,
      body: { message: 'TOTP_CODE_WRONG' },
    });
    expect(await change({ currentPassword: PASSWORD, newPassword: 'short', totp: code() })).toEqual({
      status: 400,
      body: { message: 'PASSWORD_TOO_SHORT' },
    });
    expect(await change({ currentPassword: PASSWORD, newPassword: 'another-password-1', totp: code() })).toEqual({
      status: 200,
      body: { message: 'SUCCESS' },
    });
    expect((await get(t, '/api/admin/me', { token: me.token })).status).toBe(200);
    expect((await get(t, '/api/admin/me', { token: other })).status).toBe(401);
    t.clock.advance(TOTP_STEP_MS);
    expect((await operatorLogin(t, 'changer', PASSWORD, me.secret, uniqueIp())).status).toBe(401);
    t.clock.advance(TOTP_STEP_MS);
    expect((await operatorLogin(t, 'changer', 'another-password-1', me.secret, uniqueIp())).status).toBe(200);
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'operator.password.change'));
    expect(row).toMatchObject({ operator: 'changer', target: `operator:${me.id}` });
    expect(JSON.stringify(row)).not.toContain('another-password-1');
    await expectClean();
  });
});
