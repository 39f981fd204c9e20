import { describe, expect, it } from 'vitest';
import type { SetLimit, StartBreak } from '@wallet/contract/responsible-play';
import { ResponsiblePlayService } from '../../src/modules/responsible-play/responsible-play.service.ts';
import { useTransferFixture } from '../game-transfers/transfer-fixture.ts';

/**
 * Loss limits and breaks on game transfers (docs/responsible-play.md §2, §4): money into a game is refused during a
 * break or past a loss limit (net of transfers in minus transfers back out in the Bangkok period); money out of a
 * game back to the wallet is never refused. The fixture checks the ledger invariant after the file.
 */
const fx = useTransferFixture();
const { player, transfer } = fx;
// the games harness mounts only the game modules: limits and breaks are set through the service the routes call
const service = () => new ResponsiblePlayService({ db: fx.h.t.ctx.db, clock: fx.h.t.ctx.clock });
const setLimit = (memberId: number, body: SetLimit) => service().setLimit(memberId, body, { kind: 'member' });
const startBreak = (memberId: number, body: StartBreak) => service().startBreak(memberId, body, { kind: 'member' });

describe('responsible play on game transfers', () => {
  it('a daily loss limit counts transfers in minus transfers out; a win brought back makes room again', async () => {
    const p = await player(100_000n);
    await setLimit(p.id, { kind: 'loss_day', value: 100 });
    expect((await transfer(p.token, 'WALLET', 'pg', 60)).body).toMatchObject({ status: 'SUCCESS' });
    const over = await transfer(p.token, 'WALLET', 'pg', 50);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ message: 'LOSS_LIMIT_REACHED', reason: 'DAY', values: { left: '40.00' } });
    expect((await transfer(p.token, 'pg', 'WALLET', 30)).body).toMatchObject({ status: 'SUCCESS' });
    // net 60 − 30 = 30: 50 more fits under 100
    expect((await transfer(p.token, 'WALLET', 'pg', 50)).body).toMatchObject({ status: 'SUCCESS' });
    expect(await fx.h.walletMinor(p.id)).toBe(100_000n - 8_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('cooling-off refuses a transfer into a game and transferAll into one, never a transfer back out', async () => {
    const p = await player(50_000n);
    await transfer(p.token, 'WALLET', 'pg', 200);
    await startBreak(p.id, { kind: 'cooling_off', days: 2 });
    const refused = await transfer(p.token, 'WALLET', 'pg', 10);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'COOLING_OFF', reason: 'UNTIL' });
    expect((await fx.h.call(p.token, 'POST', '/api/wallet/transferAll', { to: 'pg' })).body).toMatchObject({
      message: 'COOLING_OFF',
    });
    expect((await transfer(p.token, 'pg', 'WALLET', 200)).body).toMatchObject({ status: 'SUCCESS' });
    expect(await fx.h.walletMinor(p.id)).toBe(50_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('a break ends on its own at its time, not before', async () => {
    const p = await player(10_000n);
    await startBreak(p.id, { kind: 'cooling_off', days: 1 });
    fx.h.t.clock.advance(24 * 3_600_000 - 1_000);
    // a fresh sign-in (a day later the first session has ended)
    const token = await fx.h.t.ctx.sessions.create(p.id);
    expect((await transfer(token, 'WALLET', 'pg', 10)).body).toMatchObject({ message: 'COOLING_OFF' });
    fx.h.t.clock.advance(1_000);
    expect((await transfer(token, 'WALLET', 'pg', 10)).body).toMatchObject({ status: 'SUCCESS' });
    expect(await fx.h.invariants()).toEqual([]);
  });
});
