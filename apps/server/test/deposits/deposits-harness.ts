import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { members } from '../../src/db/schema/account.ts';
import { deposits, qrPayments, qrWebhookInbox } from '../../src/db/schema/deposits.ts';
import { memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read as loose JSON in tests
type Reply = { status: number; body: any };

/** The names a member registered (the slip rules compare them with the bank's printed sender name). */
const TESTER_NAME = 'DEPOSIT TESTER';
/** What a bank prints for that member's transfers (`fromNameEn` of the sandbox bank). */
export const TESTER_PRINTED = 'MR DEPOSIT TESTER';

/** the digits a bank shows of an account (`xxx-x-x1234-x`: 6th to 9th) differ for every member of one process */
let shownDigits = randomInt(10_000);

/** A test app on the sandbox QR providers (in-process, as `npm start` mounts them) with member helpers. */
export async function createDepositsHarness(env: Record<string, string> = {}) {
  const t = await createTestApp({ env: { PROVIDERS: 'sandbox', ...env } });
  const ledger = new LedgerService(t.ctx.db);
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, token?: string) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    let parsed: unknown = null;
    try {
      parsed = res.json();
    } catch {
      parsed = res.body;
    }
    return { status: res.statusCode, body: parsed } as Reply;
  };
  const job = (name: string) => {
    const found = t.modules.flatMap((m) => m.jobs ?? []).find((j) => j.name === name);
    if (!found) throw new Error(`no job ${name}`);
    return () => found.handler({ data: undefined as never, attempt: 1, slot: null, runId: 0 });
  };
  return {
    t,
    send,
    async member(names: { name?: string; bankAccountName?: string; bankAccountNo?: string } = {}) {
      shownDigits = (shownDigits + 1) % 10_000;
      const suffix = `${String(randomInt(1000)).padStart(3, '0')}${String(shownDigits).padStart(4, '0')}`;
      const bankAccountNo = names.bankAccountNo ?? `12${suffix}9`;
      const [row] = await t.ctx.db
        .insert(members)
        .values({
          username: `086${suffix}`,
          passwordHash: 'x',
          name: names.name ?? TESTER_NAME,
          bankCode: 'KBANK',
          bankAccountName: names.bankAccountName ?? TESTER_NAME,
          bankAccountNo,
        })
        .returning({ id: members.id });
      return { id: row!.id, bankAccountNo, token: await t.ctx.sessions.create(row!.id) };
    },
    walletMinor: (memberId: number) => ledger.balance(memberWallet(memberId), 'THB'),
    deposits: (memberId: number) => t.ctx.db.select().from(deposits).where(eq(deposits.memberId, memberId)),
    qr: (id: string) => t.ctx.db.select().from(qrPayments).where(eq(qrPayments.id, id)),
    inbox: (paymentId: string) => t.ctx.db.select().from(qrWebhookInbox).where(eq(qrWebhookInbox.paymentId, paymentId)),
    inquire: job('qr-payment-inquiry'),
    retrySlips: job('slip-verify-retry'),
    async close() {
      await expectLedgerSound(t);
      await t.close();
    },
  };
}
