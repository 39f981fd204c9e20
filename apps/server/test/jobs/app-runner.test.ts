import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listJobRuns } from '../../src/jobs/job-runs.repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS: 'true' } });
});

afterAll(async () => {
  await t.close();
});

describe('the app with JOBS on', () => {
  it('runs every module job on the runner and records the runs', async () => {
    await vi.waitFor(
      async () => {
        const runs = await listJobRuns(t.ctx.db, { limit: 100 });
        const succeeded = new Set(runs.filter((r) => r.status === 'succeeded').map((r) => r.job));
        // every scheduled job has run; jobs that events start (a LINE push) may have run too, depending on the data
        expect([...succeeded].sort()).toEqual(
          expect.arrayContaining([
            'daily-refunds',
            'game-transfer-reconciler',
            'history-purge',
            'idempotency-purge',
            'ledger-invariant-check',
            'otp-cleanup',
            'qr-payment-inquiry',
            'slip-verify-retry',
            'spin-coupon-expiry',
            'turnover-pull',
            'withdrawal-payout-reconciler',
          ]),
        );
        expect(runs.filter((r) => r.status === 'failed').map((r) => r.job)).toEqual([]);
      },
      { timeout: 30_000, interval: 100 },
    );
  });

  it('fails the nightly ledger check run when the books do not balance', async () => {
    const job = t.modules.flatMap((m) => m.jobs ?? []).find((j) => j.name === 'ledger-invariant-check')!;
    const run = () => job.handler({ data: undefined as never, attempt: 1, slot: null, runId: 0 });
    await expect(run()).resolves.toEqual({ problems: 0 });
    await t.ctx.db.execute(
      sql`insert into ledger_accounts (code, currency, balance, allow_negative) values ('house:test', 'THB', 5, true)`,
    );
    await expect(run()).rejects.toThrow(/ledger invariant violation.*house:test/);
    await t.ctx.db.execute(sql`delete from ledger_accounts where code = 'house:test'`);
  });
});
