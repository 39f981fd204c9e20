import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { CHECK_VIOLATION, pgErrorCode, withRetry } from '../../db/pg-error.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { AppError } from '../../errors.ts';
import { emit, emitAlongside } from '../../events/emit.ts';
import { isMemberAccount } from './account-codes.ts';
import type { LedgerKind } from './ledger-kinds.ts';
import { ledgerPosted } from '../../lib/change-signals.ts';

/** One leg of a transaction: a signed amount on an account (positive = credit). */
export type Posting = { account: string; amount: bigint };

export type PostInput = {
  kind: LedgerKind;
  currency: string;
  memberId?: number | null;
  /** one transaction per key, ever; a second post with the same key is a replay */
  idempotencyKey?: string | null;
  /** external reference, unique per kind (slip, voucher, provider transfer id) */
  reference?: string | null;
  metadata?: Record<string, unknown>;
  postings: Posting[];
};

export type PostResult = { transactionId: bigint; replayed: boolean };

const memberIdOf = (code: string): number | null => {
  const match = /^member:(\d+):/.exec(code);
  return match ? Number(match[1]) : null;
};

/**
 * The only way money moves. Every transaction's postings sum to zero; member accounts are debited with a
 * conditional update in the same database transaction, so concurrent debits can never overdraw. Each new
 * transaction emits `ledger.posted` in that same transaction (an idempotent replay emits nothing).
 */
export class LedgerService {
  constructor(private readonly db: Db) {}

  /** Post inside the caller's transaction (`tx`) or in a new one with deadlock/serialization retries. */
  async post(input: PostInput, tx?: Tx): Promise<PostResult> {
    validate(input);
    if (tx) return this.postIn(tx, input);
    return withRetry(() => this.db.transaction((t) => this.postIn(t, input)));
  }

  /**
   * A database transaction for postings made with its `tx` (with other writes of the caller). Who hears of them:
   * the `ledger.posted` events they emit, delivered after commit (the wallet module pushes `wallet.changed`).
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private async postIn(tx: Tx, input: PostInput): Promise<PostResult> {
    const [created] = await tx
      .insert(ledgerTransactions)
      .values({
        kind: input.kind,
        currency: input.currency,
        memberId: input.memberId ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        reference: input.reference ?? null,
        metadata: input.metadata ?? {},
      })
      .onConflictDoNothing()
      .returning({ id: ledgerTransactions.id });
    if (!created) return { transactionId: await this.existingId(tx, input), replayed: true };

    // one update per account, in one global order (lockOrder) so two transactions never wait on each other in a cycle
    const byAccount = new Map<string, bigint>();
    for (const p of input.postings) byAccount.set(p.account, (byAccount.get(p.account) ?? 0n) + p.amount);
    const entries: Array<typeof ledgerEntries.$inferInsert> = [];
    for (const [code, amount] of [...byAccount].sort(([a], [b]) => lockOrder(a, b))) {
      if (amount === 0n) continue;
      const accountId = await applyToAccount(tx, code, input.currency, amount);
      entries.push({ transactionId: created.id, accountId, amount, currency: input.currency });
    }
    const posted = {
      type: 'ledger.posted' as const,
      payload: {
        transactionId: String(created.id),
        kind: input.kind,
        currency: input.currency,
        memberIds: membersOf(input),
      },
    };
    // the entries and the event in one round trip
    if (entries.length > 0) await emitAlongside(tx, tx.insert(ledgerEntries).values(entries), posted);
    else await emit(tx, posted);
    ledgerPosted(input.kind);
    return { transactionId: created.id, replayed: false };
  }

  private async existingId(tx: Tx, input: PostInput): Promise<bigint> {
    const condition = input.idempotencyKey
      ? eq(ledgerTransactions.idempotencyKey, input.idempotencyKey)
      : and(eq(ledgerTransactions.kind, input.kind), eq(ledgerTransactions.reference, input.reference ?? ''));
    const [row] = await tx.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(condition);
    if (!row) throw new Error('ledger: conflicting transaction vanished');
    return row.id;
  }

  /** Current balance of one account (0 when it does not exist yet). */
  async balance(code: string, currency: string, tx?: Tx): Promise<bigint> {
    const [row] = await (tx ?? this.db)
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.code, code), eq(ledgerAccounts.currency, currency)));
    return row?.balance ?? 0n;
  }

  /** Balances of several accounts at once, by code. */
  async balances(codes: string[], currency: string): Promise<Map<string, bigint>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.code, codes), eq(ledgerAccounts.currency, currency)));
    return new Map(rows.map((r) => [r.code, r.balance]));
  }
}

/**
 * The order a transaction locks its accounts in: member accounts first, then the shared ones (house, provider and
 * transit shards), each by code. A shared shard is locked by many members' postings, so it is taken last and held
 * for the fewest round trips before the commit; one order for every posting keeps deadlocks out.
 */
function lockOrder(a: string, b: string): number {
  const shared = Number(!isMemberAccount(a)) - Number(!isMemberAccount(b));
  if (shared !== 0) return shared;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every member whose account a transaction touches. */
function membersOf(input: PostInput): number[] {
  const ids = new Set<number>();
  if (input.memberId) ids.add(input.memberId);
  for (const p of input.postings) {
    const id = memberIdOf(p.account);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

function validate(input: PostInput): void {
  if (input.postings.length < 2) throw new Error('ledger: a transaction needs at least two postings');
  let sum = 0n;
  for (const p of input.postings) {
    if (typeof p.amount !== 'bigint') throw new Error('ledger: amounts are bigint minor units');
    sum += p.amount;
  }
  if (sum !== 0n) throw new Error(`ledger: postings of ${input.kind} sum to ${sum}, not 0`);
}

/** Credit or debit one account, creating it on first use; a member account that would go negative refuses. */
async function applyToAccount(tx: Tx, code: string, currency: string, amount: bigint): Promise<number> {
  const allowNegative = !isMemberAccount(code);
  if (!allowNegative && amount < 0n) {
    // a debit: PostgreSQL checks CHECK constraints on the proposed insert row before it sees the conflict,
    // so debits are a conditional UPDATE (a missing account has nothing to debit)
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
      .where(
        and(
          eq(ledgerAccounts.code, code),
          eq(ledgerAccounts.currency, currency),
          sql`${ledgerAccounts.balance} + ${amount} >= 0`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (!row) throw new AppError('MONEY_NOT_ENOUGH');
    return row.id;
  }
  try {
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({ code, currency, memberId: memberIdOf(code), balance: amount, allowNegative })
      .onConflictDoUpdate({
        target: [ledgerAccounts.code, ledgerAccounts.currency],
        set: { balance: sql`${ledgerAccounts.balance} + excluded.balance` },
        setWhere: sql`${ledgerAccounts.allowNegative} or ${ledgerAccounts.balance} + excluded.balance >= 0`,
      })
      .returning({ id: ledgerAccounts.id });
    if (!row) throw new AppError('MONEY_NOT_ENOUGH');
    return row.id;
  } catch (err) {
    if (pgErrorCode(err) === CHECK_VIOLATION) throw new AppError('MONEY_NOT_ENOUGH');
    throw err;
  }
}
