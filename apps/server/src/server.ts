import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_MEMBER, DEMO_OPERATOR, DEMO_SECOND_ADMIN, seedDemoOperator } from './bootstrap/demo.ts';
import { createShutdown, ignoreBrokenPipes } from './lib/shutdown.ts';

const config = loadConfig();
const database = await openDatabase(config);
const { app, ctx, unimplemented, drain } = await buildApp({ config, database });

ignoreBrokenPipes(process.stdout, process.stderr);
// graceful drain (docs/decisions/0032-rolling-restarts-and-migrations.md): /ready 503 and no new background claims at
// once, requests served for SHUTDOWN_DRAIN_MS, then sockets reconnect elsewhere, in-flight requests finish, pool closes
const shutdown = createShutdown({
  log: (message, fields) => app.log.info(fields, message),
  drain,
  drainMs: config.shutdown.drainMs,
  deadlineMs: config.shutdown.drainMs + config.shutdown.closeMs,
  close: async () => {
    await app.close();
    await database.close();
  },
  exit: (code) => process.exit(code),
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(
  { unimplemented: unimplemented.length },
  `${unimplemented.length} endpoints of the contract are not implemented yet (they answer 501)`,
);
const address = `http://localhost:${config.port}`;
console.log(`\n  Member wallet is running at ${address}  (API docs: ${address}/api/docs)`);
console.log(`  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);
if (config.demoData) {
  console.log(`  Demo login: ${DEMO_MEMBER.username} / ${DEMO_MEMBER.password}`);
  const totpSecret = await seedDemoOperator(ctx);
  console.log(
    `  Demo operator: ${DEMO_OPERATOR.username} / ${DEMO_OPERATOR.password}, TOTP secret (base32) ${totpSecret}\n` +
      `    (add it to an authenticator app, or: npx tsx apps/server/src/scripts/totp-code.ts ${totpSecret})\n` +
      `  Operator console: ${address}/admin\n`,
  );
  // granting admin or finance needs a second admin (docs/decisions/0023-operator-enrolment.md)
  const secondSecret = await seedDemoOperator(ctx, DEMO_SECOND_ADMIN);
  console.log(
    `  Second demo admin: ${DEMO_SECOND_ADMIN.username} / ${DEMO_SECOND_ADMIN.password}, TOTP secret (base32) ${secondSecret}\n`,
  );
}
