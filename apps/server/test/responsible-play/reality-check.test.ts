import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponsiblePlayService } from '../../src/modules/responsible-play/responsible-play.service.ts';
import { get, post, uniqueIp } from '../account/account-helpers.ts';
import { useTransferFixture } from '../game-transfers/transfer-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { join, relogin } from '../referral/referral-harness.ts';

/**
 * The reality check's figures (docs/responsible-play.md §6): counted from the session's start on the server (a
 * renewed token or a reload keeps it; a new sign-in starts again), the interval the member set, and the money moved
 * into games and back out since then.
 */
describe('GET /api/responsible-play/session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the session start and the server time, the interval once set, and nothing played yet', async () => {
    const p = await join(t, uniqueIp());
    const signedIn = t.clock.now().toISOString();
    t.clock.advance(10 * 60_000);
    const first = await get(t, '/api/responsible-play/session', { token: p.token });
    expect(first.body).toEqual({
      startedAt: signedIn,
      now: t.clock.now().toISOString(),
      minutes: null,
      currency: 'THB',
      toGames: 0,
      fromGames: 0,
      net: 0,
    });
    await post(t, '/api/responsible-play/limit', { kind: 'reality_check', value: 30 }, { token: p.token });
    expect((await get(t, '/api/responsible-play/session', { token: p.token })).body).toMatchObject({
      startedAt: signedIn,
      minutes: 30,
    });
    // a new sign-in is a new session: the count starts again
    t.clock.advance(5 * 60_000);
    await relogin(t, p);
    expect((await get(t, '/api/responsible-play/session', { token: p.token })).body).toMatchObject({
      startedAt: t.clock.now().toISOString(),
    });
    expect((await get(t, '/api/responsible-play/session')).status).toBe(401);
  });
});

describe('the session net result', () => {
  const fx = useTransferFixture();
  it('is money brought back from games minus money moved into them since the session began', async () => {
    const p = await fx.player(100_000n);
    const service = new ResponsiblePlayService({ db: fx.h.t.ctx.db, clock: fx.h.t.ctx.clock });
    const startedAt = fx.h.t.ctx.clock.now();
    expect((await fx.transfer(p.token, 'WALLET', 'pg', 300)).body).toMatchObject({ status: 'SUCCESS' });
    expect((await fx.transfer(p.token, 'pg', 'WALLET', 120.5)).body).toMatchObject({ status: 'SUCCESS' });
    expect(await service.realityCheck(p.id, 'THB', startedAt)).toMatchObject({
      toGames: 300,
      fromGames: 120.5,
      net: -179.5,
    });
    // transfers before the session began are not this session's
    expect(await service.realityCheck(p.id, 'THB', new Date(startedAt.getTime() + 3_600_000))).toMatchObject({
      toGames: 0,
      fromGames: 0,
      net: 0,
    });
    expect(await fx.h.invariants()).toEqual([]);
  });
});
