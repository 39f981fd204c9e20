import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { ledgerCheckRuns } from '../../src/db/schema/backoffice.ts';
import { withdrawals } from '../../src/db/schema/withdrawals.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The alert rules and the dashboard that ship in deploy/ (docs/operations.md, "Alerts and dashboard"). */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ALERTS = path.join(ROOT, 'deploy/prometheus/alerts.yml');
const DASHBOARD = path.join(ROOT, 'deploy/grafana/member-wallet.json');

const open: TestApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Metric names a PromQL text refers to: the product's prefixes, histogram series folded to their metric. */
function metricNames(text: string): string[] {
  const found = text.match(/\b(?:wallet|http|nodejs|process)_[a-z0-9_]+/g) ?? [];
  return [...new Set(found.map((n) => n.replace(/_(bucket|sum|count)$/, '')))].sort();
}

describe('what deploy/ watches exists in the server', () => {
  it('every metric in the alert rules and the Grafana dashboard is exported by /metrics', async () => {
    const t = await createTestApp();
    open.push(t);
    const exported = new Set(
      [...(await scrape(t)).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!).filter((n) => n.length > 0),
    );
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const dashboardExprs = dashboard.panels.flatMap((p) => p.targets.map((target) => target.expr)).join('\n');
    const fromAlerts = metricNames(readFileSync(ALERTS, 'utf8'));
    const fromDashboard = metricNames(dashboardExprs);
    // both really use the product's metrics (guards against a regex that finds nothing)
    expect(fromAlerts).toEqual(expect.arrayContaining(['wallet_withdrawals_paying_oldest_seconds']));
    expect(fromDashboard).toEqual(
      expect.arrayContaining(['http_request_duration_seconds', 'wallet_ledger_posts_total']),
    );
    const missing = [...fromAlerts, ...fromDashboard].filter((name) => !exported.has(name));
    expect(missing).toEqual([]);
  });
});

describe('the operations gauges', () => {
  it('report open withdrawals, the oldest payout in paying and the latest ledger check', async () => {
    const t = await createTestApp();
    open.push(t);
    const before = await scrape(t);
    expect(before).toMatch(/wallet_withdrawals_open\{status="paying"\} 0/);
    expect(before).toMatch(/wallet_withdrawals_paying_oldest_seconds 0/);
    expect(before).toMatch(/wallet_ledger_check_last_ok -1/);
    expect(before).toMatch(/wallet_ledger_check_last_run_timestamp_seconds 0/);

    const [member] = await t.ctx.db
      .insert(members)
      .values({
        username: `08${String(randomInt(100_000_000)).padStart(8, '0')}`,
        passwordHash: 'x',
        name: 'METRICS TESTER',
        bankCode: 'KBANK',
        bankAccountName: 'METRICS TESTER',
        bankAccountNo: '2123456789',
      })
      .returning({ id: members.id });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const row = (id: string, status: string, at: Date) => ({
      id,
      memberId: member!.id,
      amount: 10_000n,
      currency: 'THB',
      status,
      bankCode: 'KBANK',
      bankAccountNo: '2123456789',
      bankAccountName: 'METRICS TESTER',
      payoutId: id,
      createdAt: at,
      updatedAt: at,
    });
    await t.ctx.db
      .insert(withdrawals)
      .values([
        row('w-paying-old', 'paying', twoHoursAgo),
        row('w-paying-new', 'paying', new Date()),
        row('w-review', 'pending_review', new Date()),
        row('w-paid', 'paid', twoHoursAgo),
      ]);
    const finishedAt = new Date('2026-11-27T19:00:05Z');
    await t.ctx.db.insert(ledgerCheckRuns).values([
      { trigger: 'nightly', startedAt: finishedAt, finishedAt, ok: true, problemCount: 0, problems: [] },
      { trigger: 'manual', startedAt: finishedAt, finishedAt, ok: false, problemCount: 1, problems: ['x'] },
    ]);

    const after = await scrape(t);
    expect(after).toMatch(/wallet_withdrawals_open\{status="paying"\} 2/);
    expect(after).toMatch(/wallet_withdrawals_open\{status="pending_review"\} 1/);
    expect(after).toMatch(/wallet_withdrawals_open\{status="approved"\} 0/);
    const oldest = Number(/^wallet_withdrawals_paying_oldest_seconds (\S+)$/m.exec(after)?.[1]);
    // two hours, give or take a slow machine
    expect(oldest).toBeGreaterThanOrEqual(7200);
    expect(oldest).toBeLessThan(7200 + 600);
    // the latest run (by id) failed
    expect(after).toMatch(/wallet_ledger_check_last_ok 0/);
    expect(after).toContain(`wallet_ledger_check_last_run_timestamp_seconds ${finishedAt.getTime() / 1000}`);
  });
});
