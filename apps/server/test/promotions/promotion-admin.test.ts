import { AdminConditionSchema, AdminPromotionSchema, type PromotionInput } from '@wallet/contract/admin/promotions';
import { desc, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createMember, walletBalance } from '../idempotency/wallet-test-module.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { createPromoApp } from './promo-fixture.ts';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  ({ t } = await createPromoApp());
  auth = { authorization: `Bearer ${await adminToken(t)}` };
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const lastAudit = async (action: string) =>
  (await t.ctx.db.select().from(auditLog).where(like(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

const text = { th: 'ทดสอบ', la: 'ທົດສອບ', en: 'Test' };
const input: PromotionInput = {
  kind: 'bonus',
  code: 'ADMIN10',
  name: text,
  description: text,
  type: 'day',
  maxReceived: 1,
  percent: 0,
  minDeposit: 0,
  maxAmount: 25,
  successRule: 'turnover',
  turnoverMultiple: 2,
  successPercent: 0,
  percentFail: 10,
  maxWithdrawMultiple: 5,
  maxBet: 100,
  maxBalanceAtClaim: 5,
  isActive: true,
  startsAt: null,
  endsAt: null,
  banners: [],
};

describe('back-office promotions', () => {
  it('lists the demo bonuses and WELCOME100; creates and edits a bonus, each change audited', async () => {
    const list = await admin('GET', '/api/admin/promotions');
    const codes = (list.body.promotions as Array<{ code: string }>).map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['FIRST50', 'DAILY10', 'WEEKLY20', 'WELCOME100']));

    const created = await admin('POST', '/api/admin/promotions', input);
    expect(created.status).toBe(200);
    const promotion = AdminPromotionSchema.parse(created.body.promotion);
    expect(promotion).toMatchObject({ code: 'ADMIN10', maxAmount: 25, maxBet: 100, claims: 0 });
    expect(await lastAudit('promotions.create')).toMatchObject({ target: `promotion:${promotion.id}` });
    expect((await admin('POST', '/api/admin/promotions', input)).body).toEqual({ message: 'KEY_INVALID' });

    const edited = await admin('PUT', `/api/admin/promotions/${promotion.id}`, { ...input, maxAmount: 30 });
    expect(AdminPromotionSchema.parse(edited.body.promotion).maxAmount).toBe(30);
    expect(await lastAudit('promotions.update')).toMatchObject({ target: `promotion:${promotion.id}` });
    expect((await admin('PUT', '/api/admin/promotions/999999', input)).body).toEqual({ message: 'NOT_FOUND' });
  });

  it('uploads a banner image (re-encoded, audited) that anyone can then load by its path', async () => {
    const png = await sharp({ create: { width: 40, height: 15, channels: 3, background: '#a0f' } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'file', data: png, filename: 'banner.png', type: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions/banners',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const path = (res.json() as { path: string }).path;
    expect(path).toMatch(/^\/media\/promotions\/[a-z0-9-]+\.png$/);
    const image = await t.app.inject({ url: path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await lastAudit('promotions.uploadBanner')).toBeDefined();
    expect((await t.app.inject({ url: '/media/promotions/..%2F..%2Fslips%2Fx.png' })).statusCode).toBe(404);
  });

  it("shows a member's condition with progress; the operator's cancel forfeits it and is audited", async () => {
    const m = await createMember(t);
    const claim = await t.app.inject({
      url: '/api/promotion/activate/WELCOME100',
      headers: { ...m.auth, 'idempotency-key': 'welcome' },
    });
    expect(claim.json()).toEqual({ message: 'SUCCESS' });
    expect(await walletBalance(t, m.id)).toBe(10_000n);
    const list = await admin('GET', `/api/admin/promotions/members/${m.id}/conditions`);
    const [c] = (list.body.conditions as unknown[]).map((x) => AdminConditionSchema.parse(x));
    expect(c).toMatchObject({ status: 'running', promotionCode: 'WELCOME100', bonus: 100, target: 300, progress: 0 });
    const page = await admin('GET', '/api/admin/promotions/conditions?status=running');
    expect((page.body.rows as Array<{ id: number }>).some((r) => r.id === c?.id)).toBe(true);

    const cancelled = await admin('POST', `/api/admin/promotions/conditions/${c?.id}/cancel`, { reason: 'abuse' });
    expect(cancelled.body.condition).toMatchObject({ status: 'cancelled' });
    expect(await walletBalance(t, m.id)).toBe(0n);
    expect(await lastAudit('promotions.cancelCondition')).toMatchObject({
      target: `member:${m.id}:condition:${c?.id}`,
    });
    const again = await admin('POST', `/api/admin/promotions/conditions/${c?.id}/cancel`, { reason: 'again' });
    expect(again.body).toEqual({ message: 'BONUS_CLEAR' });

    const report = await admin('GET', '/api/admin/promotions/report');
    expect(report.body.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'WELCOME100', claims: 1, cost: 100, forfeited: 100 })]),
    );
  });
});
