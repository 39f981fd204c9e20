import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall } from '../backoffice/backoffice-helpers.ts';
import { approvalOperators, signInAgain } from '../approvals/approval-operators.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';

// An insider against four eyes (docs/decisions/0022-four-eyes-approvals.md): splitting a credit into pieces under
// the threshold, approving their own request by every door, racing approvals, and hostile ids, notes and weights.
// Whatever they try, what one operator moves alone in a rolling day stays within adjustmentApprovalAbove.

let h: Awaited<ReturnType<typeof createDepositsHarness>>;
let tok: Record<string, string>;
const THRESHOLD_MINOR = 500_000n; // adjustmentApprovalAbove 5,000 baht
const DAY = 86_400_000;

beforeAll(async () => {
  h = await createDepositsHarness();
  tok = await approvalOperators(h.t, { ins: ['finance'], acc: ['finance'], mate: ['finance'] });
  const lookup = await h.t.ctx.settings.get('deposit');
  await h.t.ctx.settings.set('deposit', { ...lookup, isManual: true });
});
afterAll(async () => {
  await h.close();
});

const nextDay = async () => {
  h.t.clock.advance(DAY + 1000);
  await signInAgain(tok);
};
const adjust = (token: string, memberId: number, minor: bigint) =>
  adminCall(h.t, token, 'POST', `/api/admin/members/${memberId}/adjustments`, {
    amount: String(minor),
    reason: 'split attempt',
  });
type Adjusted = { id: number; status: string };

describe('hostile: four eyes', () => {
  it('random splits to one member, across members and across channels never move more than the threshold alone', async () => {
    await nextDay();
    const counts = { attempts: 0, posted: 0, pending: 0, refused: 0 };
    const target = await h.member();
    let alone = 0n;
    // pieces of 1–2,500 baht to one member until past the threshold
    while (counts.attempts < 12 || counts.pending === 0) {
      counts.attempts++;
      const minor = BigInt(randomInt(100, 250_001));
      const res = await adjust(tok.ins!, target.id, minor);
      expect(res.status).toBe(200);
      const a = res.body.adjustment as Adjusted;
      if (a.status === 'posted') {
        counts.posted++;
        alone += minor;
      } else counts.pending++;
    }
    expect(alone).toBeLessThanOrEqual(THRESHOLD_MINOR);
    expect(await h.walletMinor(target.id)).toBe(alone);

    // the same insider to accomplices: the operator's own sum already holds them back
    for (let i = 0; i < 4; i++) {
      counts.attempts++;
      const accomplice = await h.member();
      const a = (await adjust(tok.ins!, accomplice.id, 100_000n)).body.adjustment as Adjusted;
      if (a.status === 'posted') counts.posted++;
      else counts.pending++;
      expect(a.status).toBe('pending');
    }

    // a colleague's manual confirmation for the same member: the member's sum holds it back too
    expect((await h.send('POST', '/api/wallet/add', { amount: 100 }, target.token)).status).toBe(200);
    const [notice] = (await h.deposits(target.id)).filter((d) => d.channel === 'manual' && d.status === 'review');
    const confirm = await adminCall(h.t, tok.acc!, 'POST', `/api/admin/deposits/${notice!.id}/confirm`, {
      note: 'seen',
    });
    counts.attempts++;
    expect(confirm.body.approval).toMatchObject({ status: 'pending' });
    counts.pending++;
    console.info('hostile: four-eyes splits', counts, { movedAloneMinor: String(alone) });
    await expectLedgerSound(h.t);
  });

  it('the requester cannot approve their own request through any door', async () => {
    await nextDay();
    const m = await h.member();
    const own = (await adjust(tok.ins!, m.id, 900_000n)).body.adjustment as Adjusted;
    expect((await h.send('POST', '/api/wallet/add', { amount: 9_000 }, m.token)).status).toBe(200);
    const [notice] = (await h.deposits(m.id)).filter((d) => d.channel === 'manual' && d.status === 'review');
    const confirm = await adminCall(h.t, tok.ins!, 'POST', `/api/admin/deposits/${notice!.id}/confirm`, { note: 'me' });
    const queue = await adminCall(h.t, tok.acc!, 'GET', '/api/admin/approvals?status=pending&pageSize=100');
    const mine = (queue.body.rows as Array<{ id: number; requestedBy: string }>).filter((r) => r.requestedBy === 'ins');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const counts = { selfApprovals: 0, refused: 0 };
    const doors = [
      ...mine.map((r) => `/api/admin/approvals/${r.id}/approve`),
      `/api/admin/adjustments/${own.id}/approve`,
    ];
    for (const url of doors) {
      for (let i = 0; i < 3; i++) {
        counts.selfApprovals++;
        const res = await adminCall(h.t, tok.ins!, 'POST', url, undefined, `self-${url}-${i}`);
        expect(res).toMatchObject({ status: 403, body: { message: 'APPROVAL_OWN_REQUEST' } });
        counts.refused++;
      }
    }
    // confirming the waiting notice again (even by the requester) neither credits it nor opens a second request
    const again = await adminCall(h.t, tok.ins!, 'POST', `/api/admin/deposits/${notice!.id}/confirm`, { note: 'x' });
    expect(again).toMatchObject({ status: 409, body: { message: 'APPROVAL_PENDING' } });
    expect(confirm.body.approval).toMatchObject({ status: 'pending' });
    expect(await h.walletMinor(m.id)).toBe(0n);
    console.info('hostile: four-eyes self-approval', counts);
    await expectLedgerSound(h.t);
  });

  it('racing approvers execute a request once; racing requests cannot all slip under the threshold', async () => {
    await nextDay();
    const m = await h.member();
    const a = (await adjust(tok.ins!, m.id, 800_000n)).body.adjustment as Adjusted;
    const queue = await adminCall(h.t, tok.acc!, 'GET', '/api/admin/approvals?status=pending&pageSize=100');
    const approval = (queue.body.rows as Array<{ id: number; target: string }>).find(
      (r) => r.target === `adjustment:${a.id}`,
    )!;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        adminCall(h.t, i % 2 ? tok.acc! : tok.mate!, 'POST', `/api/admin/approvals/${approval.id}/approve`),
      ),
    );
    const ok = answers.filter((r) => r.status === 200).length;
    const decided = answers.filter((r) => r.body.message === 'APPROVAL_DECIDED').length;
    expect(ok).toBe(1);
    expect(decided).toBe(11);
    expect(await h.walletMinor(m.id)).toBe(800_000n);

    const other = await h.member();
    const burst = await Promise.all(Array.from({ length: 8 }, () => adjust(tok.mate!, other.id, 200_000n)));
    const posted = burst.filter((r) => (r.body.adjustment as Adjusted).status === 'posted').length;
    expect(BigInt(posted) * 200_000n).toBeLessThanOrEqual(THRESHOLD_MINOR);
    console.info('hostile: four-eyes races', { approvers: 12, executed: ok, decided, burst: 8, postedAlone: posted });
    await expectLedgerSound(h.t);
  });

  it('hostile ids, notes and wheel weights are refused with a code, never a 500', async () => {
    const counts = { requests: 0, refused: 0 };
    const expectRefused = (res: { status: number; body: Record<string, unknown> }, status: number, code?: string) => {
      counts.requests++;
      expect(res.status).toBe(status);
      if (code) expect(res.body.message).toBe(code);
      counts.refused++;
    };
    for (const id of ['0', '-1', '99999999', '2147483648', 'abc', '%27or%201=1'])
      expectRefused(
        await adminCall(h.t, tok.acc!, 'POST', `/api/admin/approvals/${id}/approve`),
        id === '99999999' ? 404 : 400,
      );
    for (const note of ['', ' ', 'ab', 'x'.repeat(501)])
      expectRefused(
        await adminCall(h.t, tok.acc!, 'POST', `/api/admin/approvals/1/reject`, { note }),
        400,
        'KEY_INVALID',
      );
    expectRefused(
      await adminCall(h.t, tok.acc!, 'GET', '/api/admin/approvals?status=nope&kind=setting'),
      400,
      'KEY_INVALID',
    );

    const list = await adminCall(h.t, tok.admin!, 'GET', '/api/admin/spinwheel/wheels');
    const wheel = (
      list.body.wheels as Array<{ id: number; slices: Array<Record<string, unknown>> } & Record<string, unknown>>
    )[0]!;
    const { id: _id, updatedAt: _u, ...input } = wheel;
    for (const weight of [-5, -0.5, 1.5, 1_000_001, Number.MAX_SAFE_INTEGER, 0]) {
      const slices = wheel.slices.map(({ percent: _p, ...s }, i) => ({
        ...s,
        weight: weight === 0 || i === 0 ? weight : 1,
      }));
      const res = await h.t.app.inject({
        method: 'PUT',
        url: `/api/admin/spinwheel/wheels/${wheel.id}`,
        payload: { ...input, slices },
        headers: { authorization: `Bearer ${tok.admin!}` },
      });
      expectRefused(
        { status: res.statusCode, body: res.json() as Record<string, unknown> },
        400,
        'WHEEL_WEIGHT_INVALID',
      );
    }
    for (const weight of ['10', null, '-5'])
      expectRefused(
        await (async () => {
          const slices = wheel.slices.map(({ percent: _p, ...s }) => ({ ...s, weight }));
          const res = await h.t.app.inject({
            method: 'PUT',
            url: `/api/admin/spinwheel/wheels/${wheel.id}`,
            payload: { ...input, slices },
            headers: { authorization: `Bearer ${tok.admin!}` },
          });
          return { status: res.statusCode, body: res.json() as Record<string, unknown> };
        })(),
        400,
        'KEY_INVALID',
      );
    const after = await adminCall(h.t, tok.admin!, 'GET', '/api/admin/spinwheel/wheels');
    expect((after.body.wheels as (typeof wheel)[])[0]!.slices).toEqual(wheel.slices);
    console.info('hostile: four-eyes inputs', counts);
    await expectLedgerSound(h.t);
  });
});
