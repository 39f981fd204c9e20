import {
  BankPayoutStore,
  bankPayoutsPlugin,
  type BankFaultSpec,
} from '@wallet/sandbox/bank-payouts/bank-payouts-plugin';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { modules } from '../../src/bootstrap/modules.ts';
import { members } from '../../src/db/schema/account.ts';
import { withdrawals } from '../../src/db/schema/withdrawals.ts';
import { HttpPayoutBank } from '../../src/providers/bank/http-payout-bank.ts';
import { checkLedgerInvariants, house, LedgerService, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { withdrawalsLedgerCheck } from '../../src/modules/withdrawals/withdrawals.api.ts';
import { buildWithdrawalDeps } from '../../src/modules/withdrawals/withdrawals.routes.ts';
import { createWithdrawalsModule, withdrawalsModule } from '../../src/modules/withdrawals/withdrawals.module.ts';
import { reconcilePayouts } from '../../src/modules/withdrawals/payout-reconciler.ts';
import { WithdrawalService, type MemberFlags } from '../../src/modules/withdrawals/withdrawal.service.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SECRET = 'test-bank-secret-0123456789abcdef';

/**
 * The sandbox bank on a random port, the app with its withdrawals module pointed at it, and helpers. By default a
 * bank answer within 2 s counts (a loaded machine), and a timeout fault holds its answer longer than that.
 */
export async function createWithdrawalsHarness(options: { timeoutMs?: number; holdMs?: number } = {}) {
  const store = new BankPayoutStore();
  const bankApp = Fastify();
  await bankApp.register((app) => bankPayoutsPlugin(app, { secret: SECRET, store, holdMs: options.holdMs ?? 2_500 }), {
    prefix: '/bank',
  });
  await bankApp.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(bankApp.server.address() as AddressInfo).port}`;
  const bank = new HttpPayoutBank({ baseUrl: `${origin}/bank`, secret: SECRET, timeoutMs: options.timeoutMs ?? 2_000 });
  const flags = new Map<number, MemberFlags>();
  const moduleOptions = {
    bank,
    memberFlags: async (id: number) => flags.get(id) ?? { flagged: false, payoutHold: false },
  };
  const t: TestApp = await createTestApp({
    modules: modules.map((m) => (m === withdrawalsModule ? createWithdrawalsModule(moduleOptions) : m)),
  });
  const ledger = new LedgerService(t.ctx.db);
  await t.ctx.settings.set('withdrawLimits', {
    withdrawMin: 100,
    withdrawMax: 50_000,
    perDayCount: 1_000,
    perDayAmount: 10_000_000,
  });
  let admin: string | undefined = await adminToken(t);
  const deps = buildWithdrawalDeps(t.ctx, moduleOptions);
  const service = new WithdrawalService(deps);

  const h = {
    t,
    store,
    flags,
    setFault: (spec: BankFaultSpec) => store.setFault(spec),
    async member(minor = 0n) {
      const suffix = String(randomInt(10_000_000)).padStart(7, '0');
      const [row] = await t.ctx.db
        .insert(members)
        .values({
          username: `08${suffix}${randomInt(10)}`,
          passwordHash: 'x',
          name: 'WITHDRAW TESTER',
          bankCode: 'KBANK',
          bankAccountName: 'WITHDRAW TESTER',
          bankAccountNo: `2${suffix}${String(randomInt(100)).padStart(2, '0')}`,
        })
        .returning({ id: members.id, bankAccountNo: members.bankAccountNo });
      if (minor > 0n) {
        await ledger.post({
          kind: 'adjustment',
          currency: 'THB',
          memberId: row!.id,
          idempotencyKey: `fund:${row!.id}`,
          postings: [
            { account: memberWallet(row!.id), amount: minor },
            { account: house('adjustment', row!.id), amount: -minor },
          ],
        });
      }
      return { id: row!.id, bankAccountNo: row!.bankAccountNo, token: await t.ctx.sessions.create(row!.id) };
    },
    async call(
      token: string,
      method: 'GET' | 'POST',
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read as loose JSON in tests
      return { status: res.statusCode, body: res.json() as Record<string, any> };
    },
    async admin(method: 'GET' | 'POST', url: string, body?: unknown) {
      admin ??= await adminToken(t);
      return h.call(admin, method, url, body);
    },
    walletMinor: (memberId: number) => ledger.balance(memberWallet(memberId), 'THB'),
    withdrawalsOf: (memberId: number) => t.ctx.db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId)),
    reconcile: () => reconcilePayouts(deps, service, { olderThanMs: 0 }),
    invariants: () => checkLedgerInvariants(t.ctx.db, [withdrawalsLedgerCheck]),
    async close() {
      await t.close();
      await bankApp.close();
    },
  };
  return h;
}
export type WithdrawalsHarness = Awaited<ReturnType<typeof createWithdrawalsHarness>>;
