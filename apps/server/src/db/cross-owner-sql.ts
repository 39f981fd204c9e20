// The raw SQL that reads another owner's tables, declared (docs/decisions/0028-module-seams.md). Each table belongs
// to the owner whose db/schema/<owner>.ts declares it; a module's drizzle imports stay within its own schema file
// (eslint `table-owner`), but raw sql`` text can name any table, so test/foundation/seams.test.ts scans every module
// file and fails on a (reader, owner) pair missing here, and on an entry here that no longer happens.

export type CrossOwnerRead = {
  /** the module whose files hold the SQL */
  reader: string;
  /** the owner of the tables (a module, or a platform area such as `events`) */
  owner: string;
  /** the tables read, by their SQL names */
  tables: readonly string[];
  /** why the read stays in SQL instead of a call to the owner's api (the ADR that decided it) */
  reason: string;
};

export const CROSS_OWNER_SQL: readonly CrossOwnerRead[] = [
  {
    reader: 'wallet',
    owner: 'account',
    tables: ['members'],
    reason: 'GET /api/wallet is one query (its latency budget): ADR 0009, kept by ADR 0028',
  },
  {
    reader: 'wallet',
    owner: 'content',
    tables: ['banks'],
    reason: 'GET /api/wallet is one query (the bank name beside the account): ADR 0009, kept by ADR 0028',
  },
  {
    reader: 'wallet',
    owner: 'game-accounts',
    tables: ['game_accounts'],
    reason: 'GET /api/wallet is one query (the game balances): ADR 0009, kept by ADR 0028',
  },
  {
    reader: 'wallet',
    owner: 'ledger',
    tables: ['ledger_accounts'],
    reason: 'GET /api/wallet is one query (wallet, coin, invite balances): ADR 0009, kept by ADR 0028',
  },
  {
    reader: 'statement',
    owner: 'ledger',
    tables: ['ledger_accounts', 'ledger_entries', 'ledger_transactions'],
    reason: 'the statement is a projection of the ledger, paged in one query: ADR 0009, kept by ADR 0028',
  },
  {
    reader: 'statement',
    owner: 'game-transfers',
    tables: ['game_transfers'],
    reason: 'a statement row names the game of a transfer, in the same paged query: ADR 0009, kept by ADR 0028',
  },
  {
    reader: 'statement',
    owner: 'withdrawals',
    tables: ['withdrawals'],
    reason: 'a statement row shows the withdrawal status, in the same paged query: ADR 0009, kept by ADR 0028',
  },
  {
    reader: 'statement',
    owner: 'deposits',
    tables: ['deposits'],
    reason:
      "a transfer notice in review or refused has no posting: listed from deposits in the same paged query, and a receipt names a deposit's channel and reference: ADR 0028",
  },
  {
    reader: 'statement',
    owner: 'promotions',
    tables: ['promotion_conditions'],
    reason: 'a statement row shows the bonus condition, in the same paged query: ADR 0009, kept by ADR 0028',
  },
  {
    reader: 'account',
    owner: 'ledger',
    tables: ['ledger_accounts'],
    reason: "the profile reads the member's spin-coin balance in its own row query: ADR 0028",
  },
  {
    reader: 'promotions',
    owner: 'account',
    tables: ['members'],
    reason: "the reports page's bets per game are summed per bettor's wallet currency in one query: ADR 0028",
  },
  {
    reader: 'promotions',
    owner: 'ledger',
    tables: ['ledger_accounts', 'ledger_entries', 'ledger_transactions'],
    reason: "a deposit bonus reads the qualifying deposit's credited amount in the claim's transaction: ADR 0028",
  },
  {
    reader: 'game-transfers',
    owner: 'ledger',
    tables: ['ledger_accounts', 'ledger_entries', 'ledger_transactions'],
    reason: 'the transfer invariants compare transfers with their postings in one pass (ledger check): ADR 0028',
  },
  {
    reader: 'withdrawals',
    owner: 'ledger',
    tables: ['ledger_accounts', 'ledger_transactions'],
    reason: 'the withdrawal invariants compare withdrawals with their postings in one pass (ledger check): ADR 0028',
  },
  {
    reader: 'ledger',
    owner: 'events',
    tables: ['outbox_events'],
    reason: "a posting's events are written in its single statement, only when it posts (ADR 0019, ADR 0028)",
  },
  {
    reader: 'responsible-play',
    owner: 'deposits',
    tables: ['deposits'],
    reason:
      "a deposit limit sums the member's credited deposits in the credit's transaction, under the money lock: ADR 0039",
  },
  {
    reader: 'responsible-play',
    owner: 'game-transfers',
    tables: ['game_transfers'],
    reason: "a loss limit sums the member's transfers into and out of games in the hold's transaction: ADR 0039",
  },
];
