import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createShutdown } from '../../src/lib/shutdown.ts';
import { freshDatabase } from '../helpers/test-app.ts';
import { connectSocket } from '../realtime/socket-client.ts';

/**
 * The drain order of docs/decisions/0032-rolling-restarts-and-migrations.md on a real listening server: SIGTERM flips
 * /ready to 503 at once while requests are still served for the drain window, then sockets are told to reconnect
 * (a recoverable "transport close", not "io server disconnect"), the in-flight request completes, the pool closes
 * and the process exits 0. The drain window is a promise the test resolves: no timer, no sleep.
 */

type Deferred = { promise: Promise<void>; resolve: () => void };
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** One GET on its own keep-alive connection; the status, or the network error's code. */
function get(agent: http.Agent, url: string): Promise<number | string> {
  return new Promise((resolve) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('graceful drain', () => {
  it('answers /ready 503 at once, serves through the window, then closes after the in-flight request', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-drain-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS: 'false' });
    const database = await freshDatabase();
    const built = await buildApp({ config, database });
    const { app } = built;
    const events: string[] = [];
    const entered = deferred();
    const release = deferred();
    app.get('/test/slow', async () => {
      entered.resolve();
      await release.promise;
      return { ok: true };
    });
    app.addHook('preClose', async () => void events.push('closing'));
    app.addHook('onResponse', async (request, reply) => {
      if (request.url === '/test/slow') events.push(`slow answered ${reply.statusCode}`);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());
    const guest = await built.ctx.guestTokens.issue();
    const socket = await connectSocket(base, { kind: 'guest', token: guest.token });
    cleanups.push(() => void socket.close());
    const socketGone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    expect(await get(agent, `${base}/ready`)).toBe(200);
    const slow = get(agent, `${base}/test/slow`);
    await entered.promise;

    const windowOver = deferred();
    const exits: number[] = [];
    const shutdown = createShutdown({
      log: () => {},
      drain: built.drain,
      drainMs: 5000,
      wait: () => windowOver.promise,
      close: async () => {
        await app.close();
        await database.close();
        events.push('pool closed');
      },
      exit: (code) => {
        events.push(`exit ${code}`);
        exits.push(code);
      },
    });
    const done = shutdown('SIGTERM');

    // at once: not ready, yet still serving (keep-alive and new requests) during the window
    expect(await get(agent, `${base}/ready`)).toBe(503);
    expect(await get(new http.Agent(), `${base}/health`)).toBe(200);
    expect(events).toEqual([]);

    windowOver.resolve();
    await expect.poll(() => events.includes('closing'), { timeout: 30_000 }).toBe(true);
    // the socket is dropped the way a client reconnects from (to another process behind the balancer)
    expect(await socketGone).toBe('transport close');
    expect(exits).toEqual([]); // the in-flight request holds the close
    release.resolve();
    expect(await slow).toBe(200);
    await done;
    expect(events).toEqual(['closing', 'slow answered 200', 'pool closed', 'exit 0']);
  });

  it('exits 1 at once on the same signal a second time', async () => {
    const windowOver = deferred();
    const exits: number[] = [];
    let closes = 0;
    const shutdown = createShutdown({
      log: () => {},
      drainMs: 5000,
      wait: () => windowOver.promise,
      close: async () => void closes++,
      exit: (code) => exits.push(code),
    });
    const first = shutdown('SIGTERM');
    await shutdown('SIGTERM');
    expect(exits).toEqual([1]);
    windowOver.resolve();
    await first;
    expect(exits).toEqual([1]); // exit is called once
  });
});
