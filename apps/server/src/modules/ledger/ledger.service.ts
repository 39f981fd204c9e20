import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerTransactions } from '../../db/schema/ledger.ts';
import { AppError } from '../../errors.ts';
import { isMemberAccount } from './account-codes.ts';
import type { LedgerKind } from './ledger-kinds.ts';
import { ledgerPosted } from '../../lib/change-signals.ts';
import { moneyTransaction } from './money-transaction.ts';
import { runOneTrip, type OneTripResult, type TripStep } from './one-trip.ts';
import { buildPostStatement, runPostStatement, type PostAlongside, type PostedRow } from './post-statement.ts';
import { eventRecorded } from '../../events/emit.ts';

/** One leg of a transaction: a signed amount on an account (positive = credit). */
type Posting = { account: string; amount: bigint };

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

type TxConfig = Parameters<Db['transaction']>[1];

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

  /** Post inside the caller's transaction (`tx`) or in a new one (`transaction`, with its retries). */
  async post(input: PostInput, tx?: Tx, also?: PostAlongside): Promise<PostResult> {
    validate(input);
    if (tx) return this.postIn(tx, input, also);
    return this.transaction((t) => this.postIn(t, input, also));
  }

  /**
   * THE transaction of a money flow (docs/decisions/0019): postings made with its `tx` and the caller's other
   * writes. A serialization failure or deadlock (40001, 40P01) rolls it back and runs `work` again from the start, a
   * bounded number of times, so `work` must keep every effect inside `tx` (in-process signals go through
   * `afterCommit`). Who hears of the postings: the `ledger.posted` events they emit, delivered after commit (the
   * wallet module pushes `wallet.changed`).
   */
  transaction<T>(work: (tx: Tx) => Promise<T>, config?: TxConfig): Promise<T> {
    return moneyTransaction(this.db, work, config);
  }

  /**
   * A money move in ONE round trip (docs/decisions/0051-one-round-trip-money-moves.md): the steps `build` makes
   * (`postingStep` for the posting) sent as one script, one implicit transaction, retried on 40001/40P01 like
   * `transaction`.
   */
  oneTrip(build: () => TripStep[] | Promise<TripStep[]>): Promise<OneTripResult> {
    return runOneTrip(this.db, build);
  }

  /**
   * The posting of `post` as a step of `oneTrip`: the same statement (post-statement.ts), its refusals raised in the
   * script: a false guard → `also.guard.error`'s code, a refused debit (or a CHECK violation) → MONEY_NOT_ENOUGH, a
   * key already posted → POSTING_REPLAYED (a one-trip posting must be new; its writes would be skipped).
   */
  postingStep(input: PostInput, also: PostAlongside = {}): TripStep {
    validate(input);
    const built = buildPostStatement(postedRow(input), also);
    if (built.after.length > 0)
      throw new Error('ledger: a one-trip posting takes only insertWhenPosted/updateWhenPosted writes');
    const guardCode = also.guard?.error.code;
    if (guardCode === 'invalid-token' || guardCode === 'gone')
      throw new Error('ledger: a guard refuses with a catalogue code');
    const debits = Array.from({ length: built.changes }, (_, i) => `trip_row.a${i} is null`);
    return {
      row: built.parts,
      refuse: [
        ...(guardCode ? [{ code: guardCode, when: 'trip_row.guard_ok is not true' }] : []),
        { code: 'POSTING_REPLAYED', when: 'trip_row.tx_id is null' },
        ...(debits.length > 0 ? [{ code: 'MONEY_NOT_ENOUGH' as const, when: debits.join(' or ') }] : []),
      ],
      checkViolation: 'MONEY_NOT_ENOUGH',
      done: () => {
        for (const event of built.events) eventRecorded(event);
        ledgerPosted(input.kind);
      },
    };
  }

  private async postIn(tx: Tx, input: PostInput, also?: PostAlongside): Promise<PostResult> {
    const outcome = await runPostStatement(tx, postedRow(input), also);
    if (outcome.transactionId === null && !outcome.refused) {
      return { transactionId: await this.existingId(tx, input), replayed: true };
    }
    if (outcome.refused || outcome.transactionId === null) throw new AppError('MONEY_NOT_ENOUGH');
    ledgerPosted(input.kind);
    return { transactionId: outcome.transactionId, replayed: false };
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

/** What the posting statement writes for `input`: one change per account, in the global lock order. */
function postedRow(input: PostInput): PostedRow {
  // one change per account, in one global order (lockOrder) so two transactions never wait on each other in a cycle
  const byAccount = new Map<string, bigint>();
  for (const p of input.postings) byAccount.set(p.account, (byAccount.get(p.account) ?? 0n) + p.amount);
  const changes = [...byAccount]
    .sort(([a], [b]) => lockOrder(a, b))
    .filter(([, amount]) => amount !== 0n)
    .map(([code, amount]) => ({ code, memberId: memberIdOf(code), amount }));
  return {
    transaction: {
      kind: input.kind,
      currency: input.currency,
      memberId: input.memberId ?? null,
      key: input.idempotencyKey ?? null,
      reference: input.reference ?? null,
    },
    metadata: input.metadata ?? {},
    changes,
    posted: {
      type: 'ledger.posted',
      // the statement sets the transaction's id
      payload: { transactionId: '0', kind: input.kind, currency: input.currency, memberIds: membersOf(input) },
    },
  };
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
