/**
 * The sandbox game provider on a random local port, for tests that need the real wire protocol while the
 * server itself runs under app.inject (no listening port).
 *
 *   const sandbox = await startGameSandbox();
 *   // either point the app's default providers at it (createGameProviders reads publicUrl + secret) ...
 *   const app = await createTestApp({ env: { PUBLIC_URL: sandbox.origin, PROVIDER_SECRET: sandbox.secret } });
 *   // ... or build adapters yourself
 *   const providers = createGameProviders(app.config, { baseUrl: sandbox.baseUrl, secret: sandbox.secret, timeoutMs: 300 });
 *
 *   sandbox.store.createPlayer('pg', 'agt_alice', 'pw') / .setBalance(...) / .player('pg', 'agt_alice')?.balance
 *   await sandbox.setFault({ game: 'pg', mode: 'success-then-timeout', times: 1 });  // see games-plugin.ts
 *   sandbox.log({ op: 'deposit', transferId })   // every signed request seen, oldest first
 *   await sandbox.idle()   // every request the provider received has been handled (applied or refused)
 *   sandbox.clearFaults(); await sandbox.close();
 *
 * Transfer ids ending in `-FAIL` fail definitely and `-TIMEOUT` time out without applying. Timeout faults hold
 * an answer until the client gives up (or `close()`), so keep the adapter timeout short (≈300 ms) in tests.
 */
import { GameSandboxStore } from '@wallet/sandbox/games/game-store';
import { gamesPlugin } from '@wallet/sandbox/games/games-plugin';
import { FaultSpecSchema, type FaultSpec } from '@wallet/sandbox/games/fault-board';
import type { RequestLogEntry, RequestLogFilter } from '@wallet/sandbox/games/request-log';
import Fastify from 'fastify';

export type GameSandbox = {
  /** e.g. http://127.0.0.1:39123 — use as PUBLIC_URL */
  origin: string;
  /** `${origin}/sandbox/games`; a game's root is `${baseUrl}/${code}` */
  baseUrl: string;
  /** the shared signing secret (use as PROVIDER_SECRET) */
  secret: string;
  store: GameSandboxStore;
  setFault(spec: FaultSpec): void;
  clearFaults(): void;
  log(filter?: RequestLogFilter): RequestLogEntry[];
  /**
   * Resolves once no provider handler is running: a request whose caller went away (a killed server) still runs to
   * its end at the provider, as a real one would, and this waits for it instead of a guessed delay.
   */
  idle(): Promise<void>;
  close(): Promise<void>;
};

const GAME_SANDBOX_SECRET = 'test-game-provider-secret-0123456789';

export async function startGameSandbox(
  options: { secret?: string; holdMs?: number; store?: GameSandboxStore } = {},
): Promise<GameSandbox> {
  const secret = options.secret ?? GAME_SANDBOX_SECRET;
  const store = options.store ?? new GameSandboxStore();
  // force-close keeps close() instant even when a client abandoned a held answer on a kept-alive socket
  const app = Fastify({ forceCloseConnections: true });
  let origin = '';
  let running = 0;
  const waiters: (() => void)[] = [];
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = async function counted(this: unknown, request, reply) {
      running += 1;
      try {
        return await handler.call(this as never, request, reply);
      } finally {
        running -= 1;
        if (running === 0) for (const wake of waiters.splice(0)) wake();
      }
    };
  });
  await app.register(gamesPlugin, {
    prefix: '/sandbox/games',
    secret,
    publicUrl: () => origin,
    store,
    ...(options.holdMs === undefined ? {} : { holdMs: options.holdMs }),
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin,
    baseUrl: `${origin}/sandbox/games`,
    secret,
    store,
    setFault: (spec) => store.faults.set(FaultSpecSchema.parse(spec)),
    clearFaults: () => store.faults.clear(),
    log: (filter) => store.log.list(filter),
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    close: () => app.close(),
  };
}
