import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { memberInvite, memberWallet, LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { deposit, join } from '../referral/referral-harness.ts';

/**
 * Hostile use of responsible play (docs/responsible-play.md, ADR 0016): raising a limit to use it at once, values
 * that are not amounts, periods outside the bounds, another member's id, a member token on the console's routes,
 * hammering changes. Every answer is a catalogue code (never a 500); nothing loosens early. The harness's close
 * checks the ledger.
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
let admin: string;
beforeAll(async () => {
  h = await createDepositsHarness();
  admin = await adminToken(h.t);
});
afterAll(async () => {
  await h.close();
});

type Member = Awaited<ReturnType<typeof h.member>>;
const rp = async (m: Member | string, path: string, body: unknown) => {
  const res = await h.send('POST', `/api/responsible-play/${path}`, body, typeof m === 'string' ? m : m.token);
  expect(res.status, JSON.stringify(body)).toBeLessThan(500);
  return res;
};
const limitOf = (v: { limits: Array<{ kind: string }> }, kind: string) => v.limits.find((l) => l.kind === kind);

describe('hostile responsible play', () => {
  it('raising a limit and depositing at once: the old limit still holds for 24 h', async () => {
    const m = await h.member();
    await rp(m, 'limit', { kind: 'deposit_day', value: 100 });
    const raised = await rp(m, 'limit', { kind: 'deposit_day', value: 1_000_000 });
    expect(limitOf(raised.body, 'deposit_day')).toMatchObject({ value: 100, pending: { value: 1_000_000 } });
    expect((await h.send('POST', '/api/qrcode/KBANK', { amount: 500 }, m.token)).body).toMatchObject({
      message: 'DEPOSIT_LIMIT_REACHED',
    });
    // removing it is a loosening too
    await rp(m, 'limit', { kind: 'deposit_day', value: null });
    expect((await h.send('POST', '/api/qrcode/KBANK', { amount: 500 }, m.token)).status).toBe(403);
  });

  it('values that are not amounts, unknown kinds and periods out of bounds answer 400 with a code', async () => {
    const m = await h.member();
    const limits: unknown[] = [
      { kind: 'deposit_day', value: -1 },
      { kind: 'deposit_day', value: 0 },
      { kind: 'deposit_day', value: 1e13 },
      { kind: 'deposit_day', value: 1.001 },
      { kind: 'deposit_day', value: '100' },
      { kind: 'deposit_day', value: Number.MAX_SAFE_INTEGER },
      { kind: 'deposit_day' },
      { kind: 'bet_day', value: 10 },
      { kind: 'reality_check', value: 100_000 },
      [],
      null,
    ];
    for (const body of limits) {
      const res = await rp(m, 'limit', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const breaks: unknown[] = [
      { kind: 'cooling_off', days: 0 },
      { kind: 'cooling_off', days: 43 },
      { kind: 'cooling_off', days: 1.5 },
      { kind: 'cooling_off', months: 6 },
      { kind: 'self_exclusion', months: 5 },
      { kind: 'self_exclusion', months: 61 },
      { kind: 'lift' },
      { kind: 'self_exclusion', months: -60 },
    ];
    for (const body of breaks) expect((await rp(m, 'break', body)).status, JSON.stringify(body)).toBe(400);
    expect((await h.send('GET', '/api/responsible-play', undefined, m.token)).body.break).toBeNull();
  });

  it("another member's id in the body changes nothing of theirs; the console routes refuse a member token", async () => {
    const me = await h.member();
    const other = await h.member();
    await rp(me, 'limit', { kind: 'deposit_day', value: 50, memberId: other.id, id: other.id });
    await rp(me, 'break', { kind: 'cooling_off', days: 1, memberId: other.id });
    const theirs = (await h.send('GET', '/api/responsible-play', undefined, other.token)).body;
    expect(limitOf(theirs, 'deposit_day')).toMatchObject({ value: null });
    expect(theirs.break).toBeNull();
    const url = `/api/admin/members/${other.id}/responsible-play`;
    expect((await h.send('GET', url, undefined, me.token)).status).toBe(401);
    expect(
      (await h.send('POST', `${url}/limit`, { kind: 'deposit_day', value: 1, reason: 'xxx' }, me.token)).status,
    ).toBe(401);
    expect((await h.send('GET', '/api/admin/members/999999999/responsible-play', undefined, admin)).body).toMatchObject(
      {
        message: 'NOT_FOUND',
      },
    );
    expect((await h.send('GET', '/api/admin/members/abc/responsible-play', undefined, admin)).status).toBe(400);
    // an operator cannot remove a limit (null is not a value there) nor raise one
    await rp(other, 'limit', { kind: 'loss_day', value: 100 });
    expect(
      (await h.send('POST', `${url}/limit`, { kind: 'loss_day', value: null, reason: 'remove' }, admin)).status,
    ).toBe(400);
    expect(
      (await h.send('POST', `${url}/limit`, { kind: 'loss_day', value: 101, reason: 'raise' }, admin)).body,
    ).toMatchObject({ message: 'LIMIT_TIGHTEN_ONLY' });
  });

  it('a self-excluded member hammering every claim at once (invite, refund, bonus, wheel) moves nothing in', async () => {
    await h.t.ctx.settings.set('referralRates', { depositPercent: 10 });
    const inviter = await join(h.t, uniqueIp());
    const friend = await join(h.t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    await deposit(h.t, friend.id, 100_000n);
    const ledger = new LedgerService(h.t.ctx.db);
    expect(await ledger.balance(memberInvite(inviter.id), 'THB')).toBe(10_000n);
    expect((await rp(inviter.token, 'break', { kind: 'self_exclusion', months: 6 })).status).toBe(200);
    const claims = [
      () => h.send('GET', '/api/invite/bonus', undefined, inviter.token),
      () => h.send('GET', '/api/refund/addWallet', undefined, inviter.token),
      () => h.send('GET', '/api/bonus/activate/NOPE', undefined, inviter.token),
      () => h.send('POST', '/api/spinwheel/spin', undefined, inviter.token),
    ];
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => claims[i % claims.length]!()));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    // the unknown bonus answers NO_PROMOTION before it looks at the member; every other path names the break
    expect(answers.filter((_, i) => i % claims.length !== 2).every((a) => a.body.message === 'SELF_EXCLUDED')).toBe(
      true,
    );
    expect(await ledger.balance(memberWallet(inviter.id), 'THB')).toBe(0n);
    expect(await ledger.balance(memberInvite(inviter.id), 'THB')).toBe(10_000n);
  });

  it("the reality check reads only the caller's own session: no token, a forged one and stray input change nothing", async () => {
    const m = await h.member();
    expect((await h.send('GET', '/api/responsible-play/session')).status).toBe(401);
    expect((await h.send('GET', '/api/responsible-play/session', undefined, `${m.token}x`)).status).toBe(401);
    const own = await h.send('GET', '/api/responsible-play/session?memberId=1&sessionId=x', undefined, m.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ minutes: null, toGames: 0, fromGames: 0, net: 0 });
  });

  it('hammering changes is rate limited, and every answer is a code', async () => {
    const m = await h.member();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => rp(m, 'limit', { kind: 'loss_month', value: 1000 - i })),
    );
    expect(answers.some((a) => a.body.message === 'REQUEST_LIMIT')).toBe(true);
    expect(answers.every((a) => a.status === 200 || a.body.message === 'REQUEST_LIMIT')).toBe(true);
  });
});
