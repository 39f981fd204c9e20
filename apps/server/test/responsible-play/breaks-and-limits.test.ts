import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { addPromotion } from '../promotions/promo-fixture.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';

/**
 * docs/responsible-play.md §3–§5: a break blocks bonuses and the wheel but never a withdrawal of the member's own
 * money; a tighter limit applies at once, a looser one after 24 h; operators only tighten, audited.
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 100 });
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

type Member = Awaited<ReturnType<WithdrawalsHarness['member']>>;
const rp = (m: Member, path: string, body: unknown) => h.call(m.token, 'POST', `/api/responsible-play/${path}`, body);
const view = async (m: Member) => (await h.call(m.token, 'GET', '/api/responsible-play')).body;
const limitOf = (v: { limits?: unknown }, kind: string) =>
  (v.limits as Array<{ kind: string }>).find((l) => l.kind === kind);

describe('a break', () => {
  it('self-exclusion blocks a bonus claim, a spin and a coupon claim, and still lets the member withdraw', async () => {
    const m = await h.member(100_000n);
    const now = h.t.clock.now();
    const started = await rp(m, 'break', { kind: 'self_exclusion', months: 6 });
    expect(started.status).toBe(200);
    // six calendar months later, to the second
    const until = new Date(now);
    until.setUTCMonth(until.getUTCMonth() + 6);
    expect(started.body.break).toEqual({ kind: 'self_exclusion', until: until.toISOString() });
    const promotion = await addPromotion(h.t);
    const shown = new Date(until.getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const expected = { message: 'SELF_EXCLUDED', reason: 'UNTIL', values: { until: shown } };
    expect((await h.call(m.token, 'GET', `/api/bonus/activate/${promotion.code}`)).body).toMatchObject(expected);
    expect((await h.call(m.token, 'POST', '/api/spinwheel/spin')).body).toMatchObject(expected);
    expect((await h.call(m.token, 'POST', '/api/spinwheel/coupon/claim', { coupon: 'C1' })).body).toMatchObject(
      expected,
    );
    const withdrawn = await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 200 });
    expect(withdrawn.status).toBe(200);
    expect(await h.withdrawalsOf(m.id)).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(80_000n);
  });

  it('cannot be shortened, nor replaced by a cooling-off; a longer one extends it', async () => {
    const m = await h.member();
    await rp(m, 'break', { kind: 'cooling_off', days: 7 });
    expect((await rp(m, 'break', { kind: 'cooling_off', days: 1 })).body).toMatchObject({ message: 'COOLING_OFF' });
    const longer = await rp(m, 'break', { kind: 'cooling_off', days: 14 });
    expect(longer.status).toBe(200);
    expect(longer.body.break.until).toBe(new Date(h.t.clock.now().getTime() + 14 * 86_400_000).toISOString());
    await rp(m, 'break', { kind: 'self_exclusion', months: 6 });
    expect((await rp(m, 'break', { kind: 'cooling_off', days: 42 })).body).toMatchObject({ message: 'SELF_EXCLUDED' });
  });
});

describe('operators', () => {
  it('see a member and only tighten: lower a limit, lengthen a break, each audited; never loosen', async () => {
    const m = await h.member();
    await rp(m, 'limit', { kind: 'loss_week', value: 2000 });
    const url = `/api/admin/members/${m.id}/responsible-play`;
    expect(limitOf((await h.admin('GET', url)).body, 'loss_week')).toMatchObject({ value: 2000 });
    const lowered = await h.admin('POST', `${url}/limit`, { kind: 'loss_week', value: 1500, reason: 'support call' });
    expect(lowered.status).toBe(200);
    expect(limitOf(lowered.body, 'loss_week')).toMatchObject({ value: 1500, pending: null });
    const raised = await h.admin('POST', `${url}/limit`, { kind: 'loss_week', value: 3000, reason: 'asked to raise' });
    expect(raised.status).toBe(403);
    expect(raised.body).toMatchObject({ message: 'LIMIT_TIGHTEN_ONLY' });
    expect(
      (await h.admin('POST', `${url}/break`, { kind: 'cooling_off', days: 3, reason: 'worried call' })).status,
    ).toBe(200);
    expect(
      (await h.admin('POST', `${url}/break`, { kind: 'cooling_off', days: 1, reason: 'lift it please' })).body,
    ).toMatchObject({ message: 'COOLING_OFF' });
    const audit = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${m.id}`));
    expect(audit.map((a) => a.action).sort()).toEqual(['member.responsiblePlay.break', 'member.responsiblePlay.limit']);
    expect((await view(m)).break).toMatchObject({ kind: 'cooling_off' });
  });
});

// last: it moves the shared clock a day on (sessions signed in before have ended)
describe('limit changes', () => {
  it('tighter applies at once; looser (or none) waits 24 h with its time shown; asking again for the same cancels it', async () => {
    const m = await h.member();
    await rp(m, 'limit', { kind: 'deposit_day', value: 1000 });
    expect(limitOf(await view(m), 'deposit_day')).toMatchObject({ value: 1000, pending: null });
    await rp(m, 'limit', { kind: 'deposit_day', value: 500 });
    expect(limitOf(await view(m), 'deposit_day')).toMatchObject({ value: 500, pending: null });
    const raised = (await rp(m, 'limit', { kind: 'deposit_day', value: 5000 })).body;
    expect(limitOf(raised, 'deposit_day')).toEqual({
      kind: 'deposit_day',
      value: 500,
      used: 0,
      pending: { value: 5000, effectiveAt: new Date(h.t.clock.now().getTime() + 24 * 3_600_000).toISOString() },
    });
    h.t.clock.advance(24 * 3_600_000);
    const later = await h.t.ctx.sessions.create(m.id);
    const after = (await h.call(later, 'GET', '/api/responsible-play')).body;
    expect(limitOf(after, 'deposit_day')).toMatchObject({ value: 5000, pending: null });
    await h.call(later, 'POST', '/api/responsible-play/limit', { kind: 'deposit_day', value: null });
    const removing = (await h.call(later, 'GET', '/api/responsible-play')).body;
    expect(limitOf(removing, 'deposit_day')).toMatchObject({ value: 5000, pending: { value: null } });
    await h.call(later, 'POST', '/api/responsible-play/limit', { kind: 'deposit_day', value: 5000 });
    expect(limitOf((await h.call(later, 'GET', '/api/responsible-play')).body, 'deposit_day')).toMatchObject({
      value: 5000,
      pending: null,
    });
  });

  it('the reality check takes whole minutes between 10 and 240', async () => {
    const m = await h.member();
    expect((await rp(m, 'limit', { kind: 'reality_check', value: 30 })).status).toBe(200);
    expect(limitOf(await view(m), 'reality_check')).toMatchObject({ value: 30, used: null });
    for (const value of [5, 30.5, 241])
      expect((await rp(m, 'limit', { kind: 'reality_check', value })).body).toMatchObject({ message: 'KEY_INVALID' });
  });
});
