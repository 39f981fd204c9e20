/**
 * The raw stack every bench scenario is compared with (docs/performance.md): a bare Fastify route on the same PostgreSQL with a
 * pg Pool(10), no hooks, no auth, no logging. Run as a child process by run.ts (`node --import tsx baseline-server.ts`)
 * with PORT and DATABASE_URL.
 *   GET  /read/:id   one indexed read: the same single query GET /api/wallet runs (member, bank, balances, games)
 *   POST /debit/:id  one single-row debit in autocommit on `bench_baseline_balances` (created by run.ts, outside
 *                    the ledger so the ledger invariant is untouched)
 */
import Fastify from 'fastify';
import pg from 'pg';
import { BASELINE_TABLE } from './bench-server.ts';

/** The query of src/modules/wallet/wallet.repository.ts, as plain SQL with parameters. */
const READ_SQL = `
  select m.id, m.name, m.username, (extract(epoch from m.created_at) * 1000)::float8 as created_ms,
    m.currency, m.bank_code, m.bank_account_name, m.bank_account_no, b.name_th,
    (select balance::text from ledger_accounts where code = $2 and currency = 'THB') as wallet,
    (select balance::text from ledger_accounts where code = $3 and currency = 'THB') as invite,
    coalesce((select json_agg(json_build_object('game', g.game, 'balance', g.balance::text,
        'at', (extract(epoch from g.balance_updated_at) * 1000)::float8))
      from game_accounts g where g.member_id = m.id), '[]'::json) as accounts
  from members m left join banks b on b.code = m.bank_code
  where m.id = $1`;

const DEBIT_SQL = `update ${BASELINE_TABLE} set balance = balance - 1 where id = $1 and balance >= 1 returning balance::text`;

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/read/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const { rows } = await pool.query({
      name: 'baseline_read',
      text: READ_SQL,
      values: [id, `member:${id}:wallet`, `member:${id}:invite`],
    });
    if (!rows[0]) return reply.status(404).send({ message: 'NOT_FOUND' });
    return rows[0];
  });
  app.post<{ Params: { id: string } }>('/debit/:id', async (request, reply) => {
    const { rows } = await pool.query({ name: 'baseline_debit', text: DEBIT_SQL, values: [Number(request.params.id)] });
    if (!rows[0]) return reply.status(409).send({ message: 'INSUFFICIENT' });
    return { balance: rows[0].balance };
  });
  const close = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
}

await main();
