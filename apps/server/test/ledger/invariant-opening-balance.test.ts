import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { members } from '../../src/db/schema/account.ts';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { DEMO_MEMBER } from '../../src/bootstrap/demo.ts';
import { memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { LEDGER_KINDS } from '../../src/modules/ledger/ledger-kinds.ts';
import { postOpeningBalance } from '../../src/modules/ledger/opening-balance.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO_DATA: 'true' } });
  const [row] = await t.ctx.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, DEMO_MEMBER.username));
  demoId = row!.id;
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const openings = (memberId: number) =>
  t.ctx.db
    .select({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.kind, LEDGER_KINDS.openingBalance)));

describe('demo opening balance', () => {
  it('credits the demo member 1,000 baht through the ledger', async () => {
    expect(await new LedgerService(t.ctx.db).balance(memberWallet(demoId), 'THB')).toBe(100_000n);
    expect(await openings(demoId)).toEqual([{ id: expect.any(BigInt), key: `opening:${demoId}` }]);
  });

  it('posts it once however often the seed runs (every boot, several processes at once)', async () => {
    const again = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      modules: t.modules.map((m) => () => m),
    });
    await again.app.close();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postOpeningBalance(t.ctx.db, { id: demoId, currency: 'THB' })),
    );
    expect(results.every((r) => r.replayed)).toBe(true);
    expect(await openings(demoId)).toHaveLength(1);
    expect(await new LedgerService(t.ctx.db).balance(memberWallet(demoId), 'THB')).toBe(100_000n);
  });
});

describe('without demo data', () => {
  it('seeds no member and moves no money', async () => {
    const off = await createTestApp({ env: { DEMO_DATA: 'false' } });
    try {
      expect(await off.ctx.db.select().from(members).where(eq(members.username, DEMO_MEMBER.username))).toEqual([]);
      expect(await off.ctx.db.select().from(ledgerTransactions)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
