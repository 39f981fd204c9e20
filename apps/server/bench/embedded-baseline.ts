/**
 * The raw stack bench:embedded compares with (docs/performance.md): a bare Fastify route on PGlite in this process,
 * one connection like the product's embedded mode, no hooks, no auth, no logging. Run as a child process by
 * embedded.ts (`node --import tsx embedded-baseline.ts`) with PORT and BASELINE_PGLITE_DIR (a copy of the seeded
 * database, so it does not share a directory with the server).
 *   GET  /read/:id   the same single query GET /api/wallet runs (baseline-queries.ts)
 *   POST /debit/:id  one single-row debit in autocommit on `bench_baseline_balances`
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { DEBIT_SQL, READ_SQL } from './baseline-queries.ts';

async function main(): Promise<void> {
  const db = new PGlite({ dataDir: process.env.BASELINE_PGLITE_DIR });
  await db.waitReady;
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/read/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const { rows } = await db.query(READ_SQL, [id, `member:${id}:wallet`, `member:${id}:invite`]);
    if (!rows[0]) return reply.status(404).send({ message: 'NOT_FOUND' });
    return rows[0];
  });
  app.post<{ Params: { id: string } }>('/debit/:id', async (request, reply) => {
    const { rows } = await db.query<{ balance: string }>(DEBIT_SQL, [Number(request.params.id)]);
    if (!rows[0]) return reply.status(409).send({ message: 'INSUFFICIENT' });
    return { balance: rows[0].balance };
  });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
}

await main();
