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
import { DEBIT_SQL, READ_SQL } from './baseline-queries.ts';

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
