import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';

/**
 * Deposit limits and breaks on every deposit channel (docs/responsible-play.md §4, docs/decisions/0039): refused
 * before a deposit is offered, and money that arrives anyway (a QR made earlier, paid late) is held for finance,
 * never lost. Every test ends with the ledger invariant (the harness's close).
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

type Member = Awaited<ReturnType<typeof h.member>>;
const setLimit = (m: Member, kind: string, value: number | null) =>
  h.send('POST', '/api/responsible-play/limit', { kind, value }, m.token);
const qr = (m: Member, provider: string, amount: number) =>
  h.send('POST', `/api/qrcode/${provider}`, { amount }, m.token);
const pay = (payload: string) => h.send('POST', '/sandbox/qr/pay', { payload });

describe('deposit limits', () => {
  it('refuses a QR over the daily limit with the limit, what is left and when it resets', async () => {
    const m = await h.member();
    expect((await setLimit(m, 'deposit_day', 1000)).status).toBe(200);
    const refused = await qr(m, 'KBANK', 1500);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'DEPOSIT_LIMIT_REACHED',
      reason: 'DAY',
      // the harness clock is 2026-11-21 12:00 Bangkok: the day resets at the next Bangkok midnight
      values: { limit: '1000.00', left: '1000.00', until: '2026-11-22 00:00' },
    });
    const ok = await qr(m, 'KBANK', 600);
    expect(ok.status).toBe(200);
    expect((await pay(ok.body.payload)).status).toBe(200);
    await expect.poll(() => h.walletMinor(m.id), { timeout: 15_000 }).toBe(60_000n);
    const view = (await h.send('GET', '/api/responsible-play', undefined, m.token)).body;
    expect(view.limits.find((l: { kind: string }) => l.kind === 'deposit_day')).toMatchObject({
      value: 1000,
      used: 600,
    });
    // 400 left: 500 is refused, 400 is offered
    expect((await qr(m, 'PAYTIMZ', 500)).body).toMatchObject({
      message: 'DEPOSIT_LIMIT_REACHED',
      values: { left: '400.00' },
    });
    expect((await qr(m, 'PAYTIMZ', 400)).status).toBe(200);
  });

  it('holds a QR paid after the limit was reached (made before it was set): credited money never vanishes', async () => {
    const m = await h.member();
    const first = (await qr(m, 'KBANK', 700)).body;
    const second = (await qr(m, 'PAYTIMZ', 700)).body;
    await setLimit(m, 'deposit_day', 1000);
    await pay(first.payload);
    await pay(second.payload);
    await expect.poll(async () => (await h.deposits(m.id)).length, { timeout: 15_000 }).toBe(2);
    const rows = await h.deposits(m.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['credited', 'review']);
    expect(rows.find((r) => r.status === 'review')?.note).toBe('responsible play: DEPOSIT_LIMIT_REACHED');
    expect(await h.walletMinor(m.id)).toBe(70_000n);
  });

  it('a weekly limit counts every deposit of the Bangkok week', async () => {
    const m = await h.member();
    await setLimit(m, 'deposit_week', 300);
    const made = (await qr(m, 'KBANK', 200)).body;
    await pay(made.payload);
    await expect.poll(() => h.walletMinor(m.id), { timeout: 15_000 }).toBe(20_000n);
    expect((await qr(m, 'PAYTIMZ', 200)).body).toMatchObject({ message: 'DEPOSIT_LIMIT_REACHED', reason: 'WEEK' });
  });
});

describe('breaks on every deposit channel', () => {
  it('cooling-off refuses QR, slip, True Wallet and the manual notice with the time it lifts', async () => {
    const m = await h.member();
    const before = (await qr(m, 'KBANK', 100)).body;
    const started = await h.send('POST', '/api/responsible-play/break', { kind: 'cooling_off', days: 1 }, m.token);
    expect(started.status).toBe(200);
    expect(started.body.break).toMatchObject({ kind: 'cooling_off' });
    const expected = { message: 'COOLING_OFF', reason: 'UNTIL', values: { until: '2026-11-22 12:00' } };
    expect((await qr(m, 'PAYTIMZ', 100)).body).toMatchObject(expected);
    expect((await h.send('POST', '/api/wallet/add', { amount: 100 }, m.token)).body).toMatchObject(expected);
    expect((await h.send('POST', '/api/wallet/truelink', { link: 'x::0812345678' }, m.token)).body).toMatchObject(
      expected,
    );
    const slip = await h.t.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(slip.json()).toMatchObject(expected);
    // the QR made before the break is paid anyway: held for finance, nothing credited, nothing lost
    await pay(before.payload);
    await expect
      .poll(async () => (await h.deposits(m.id)).map((d) => d.status), { timeout: 15_000 })
      .toEqual(['review']);
    expect(await h.walletMinor(m.id)).toBe(0n);
  });
});
