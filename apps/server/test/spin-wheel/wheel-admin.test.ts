import { WheelSchema, type Wheel } from '@wallet/contract/admin/spinwheel';
import { desc, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';
import { adminToken } from '../operators/operator-helpers.ts';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${await adminToken(t)}` };
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const body = (wheel: Wheel) => ({
  name: wheel.name,
  isActive: wheel.isActive,
  startsAt: wheel.startsAt,
  endsAt: wheel.endsAt,
  slices: wheel.slices.map(({ percent: _percent, ...s }) => s),
});

describe('back-office wheel editor', () => {
  it('lists the demo wheel with its odds; an edit changes the published odds and writes an audit row', async () => {
    const list = await t.app.inject({ url: '/api/admin/spinwheel/wheels', headers: auth });
    expect(list.statusCode).toBe(200);
    const wheel = WheelSchema.parse(list.json().wheels[0]);
    expect(wheel.slices.map((s) => s.percent)).toEqual([30, 22, 15, 8, 10, 10, 4, 1]);

    const edited = body(wheel);
    edited.slices = edited.slices.map((s) => ({ ...s, weight: s.code === 'CASH_500' ? 3 : 1 }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/spinwheel/wheels/${wheel.id}`,
      headers: auth,
      payload: edited,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().wheel.slices.find((s: { code: string }) => s.code === 'CASH_500').percent).toBe(30);
    const member = await createMember(t);
    const odds = await t.app.inject({ url: '/api/spinwheel/odds', headers: member.auth });
    expect(odds.json().slices.find((s: { code: string }) => s.code === 'CASH_500').percent).toBe(30);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'spinwheel.%'))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ action: 'spinwheel.update', target: `spinwheel:${wheel.id}`, operator: 'admin' });
  });

  it('a new active wheel switches the others off; an inactive wheel leaves players without a wheel', async () => {
    const list = await t.app.inject({ url: '/api/admin/spinwheel/wheels', headers: auth });
    const demo = WheelSchema.parse(list.json().wheels[0]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/spinwheel/wheels',
      headers: auth,
      payload: { ...body(demo), name: 'Songkran wheel', isActive: true },
    });
    expect(created.statusCode).toBe(200);
    const wheels = (await t.app.inject({ url: '/api/admin/spinwheel/wheels', headers: auth })).json().wheels as Wheel[];
    expect(wheels.filter((w) => w.isActive).map((w) => w.name)).toEqual(['Songkran wheel']);
    const member = await createMember(t);
    const setup = await t.app.inject({ url: '/api/spinwheel/setup', headers: member.auth });
    expect(setup.json().activeSpinwheel.name).toBe('Songkran wheel');
    const id = created.json().wheel.id as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/spinwheel/wheels/${id}`,
      headers: auth,
      payload: { ...body(created.json().wheel as Wheel), isActive: false },
    });
    expect((await t.app.inject({ url: '/api/spinwheel/active', headers: member.auth })).json()).toEqual({
      active: false,
    });
  });

  it('refuses a wheel whose weights are all zero, duplicate codes or a bad colour, changing nothing', async () => {
    const list = await t.app.inject({ url: '/api/admin/spinwheel/wheels', headers: auth });
    const demo = WheelSchema.parse(list.json().wheels.at(-1));
    const bad = [
      { ...body(demo), slices: body(demo).slices.map((s) => ({ ...s, weight: 0 })) },
      { ...body(demo), slices: body(demo).slices.map((s) => ({ ...s, code: 'SAME' })) },
      { ...body(demo), slices: body(demo).slices.map((s) => ({ ...s, bgColor: 'red' })) },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/spinwheel/wheels', headers: auth, payload });
      expect(res.statusCode).toBe(400);
    }
    const after = (await t.app.inject({ url: '/api/admin/spinwheel/wheels', headers: auth })).json().wheels;
    expect(after).toHaveLength(list.json().wheels.length);
    const coupons = await t.app.inject({ url: '/api/admin/spinwheel/coupons?page=1&pageSize=20', headers: auth });
    expect(coupons.json()).toMatchObject({ page: 1, pageSize: 20, total: 0, rows: [] });
  });
});
