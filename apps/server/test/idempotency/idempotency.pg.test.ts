import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { controls, createMember, fundMember, testWalletModule, walletBalance } from './wallet-test-module.ts';

const c = controls();
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ modules: [testWalletModule(c)] });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});
beforeEach(() => {
  c.gate = null;
  c.onEnter = null;
  c.calls = 0;
});

const transactionsOf = async (memberId: number, kind: string) =>
  (
    await t.ctx.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.kind, kind)))
  )[0]?.n;

const withdraw = (auth: { authorization: string }, key: string, signal?: AbortSignal) =>
  fetch(`${base}/api/wallet/withdraw`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ amount: 100 }),
    ...(signal ? { signal } : {}),
  });

describe('Idempotency-Key under concurrency (PostgreSQL)', () => {
  it('one key sent 50 times at once: one transaction, every reply the original body or 409, balance moved once', async () => {
    const m = await createMember(t);
    await fundMember(t, m.id, 100000n);
    const replies = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await withdraw(m.auth, 'fifty-at-once');
        return { status: res.status, body: await res.text(), replayed: res.headers.get('idempotent-replayed') };
      }),
    );
    const originals = replies.filter((r) => r.status === 200 && r.replayed === null);
    expect(originals).toHaveLength(1);
    const original = originals[0]!.body;
    for (const r of replies) {
      if (r.status === 200) expect(r.body).toBe(original);
      else
        expect({ status: r.status, body: JSON.parse(r.body) }).toEqual({
          status: 409,
          body: { message: 'IDEMPOTENCY_IN_PROGRESS' },
        });
    }
    expect(c.calls).toBe(1);
    expect(await walletBalance(t, m.id)).toBe(100000n - 10000n);
    expect(await transactionsOf(m.id, 'withdraw')).toBe(1);
    // after the dust settles, the key replays
    const later = await withdraw(m.auth, 'fifty-at-once');
    expect(await later.text()).toBe(original);
  });

  it('a handler delayed past the client timeout, then retried: one debit, 409 while in flight, then the original result', async () => {
    const m = await createMember(t);
    await fundMember(t, m.id, 100000n);
    let open!: () => void;
    c.gate = new Promise((resolve) => (open = resolve));
    const entered = new Promise<void>((resolve) => (c.onEnter = resolve));

    // the client gives up (its 60 s timeout, shortened) while the handler is still waiting
    const client = new AbortController();
    const first = withdraw(m.auth, 'slow-key', client.signal).catch((err: Error) => err);
    await entered;
    client.abort();
    expect(await first).toBeInstanceOf(Error);

    // the user retries while the first request still runs
    const during = await withdraw(m.auth, 'slow-key');
    expect(during.status).toBe(409);
    expect(await during.json()).toEqual({ message: 'IDEMPOTENCY_IN_PROGRESS' });

    // the first request finishes after its client left; the next retry gets its result
    open();
    // retry until the first request has finished (a deadline generous for a loaded machine, not a fixed count)
    const last: { retry?: Response } = {};
    await expect
      .poll(
        async () => {
          last.retry = await withdraw(m.auth, 'slow-key');
          if (last.retry.status === 409) await last.retry.text();
          return last.retry.status;
        },
        { timeout: 30_000, interval: 20 },
      )
      .not.toBe(409);
    const retry = last.retry;
    expect(retry?.status).toBe(200);
    expect(retry?.headers.get('idempotent-replayed')).toBe('true');
    expect((await retry!.json()) as { message: string }).toEqual({ message: expect.stringMatching(/^SUCCESS \d+$/) });
    expect(c.calls).toBe(1);
    expect(await transactionsOf(m.id, 'withdraw')).toBe(1);
    expect(await walletBalance(t, m.id)).toBe(100000n - 10000n);
  });

  it('distinct keys at once are distinct requests: 20 debits of 100 against 1,000 let exactly 10 through', async () => {
    const m = await createMember(t);
    await fundMember(t, m.id, 100000n);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await withdraw(m.auth, `distinct-${i}`);
        await res.text();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(await walletBalance(t, m.id)).toBe(0n);
  });
});
