import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { call, guest } from '../chat/chat-fixtures.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { connectSocket, type TestSocket } from './socket-client.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:${randomBytes(6).toString('hex')}:`;
const SOCKETS = 20;

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/**
 * Shutdown with Redis: closing an app with Redis (streams adapter, change bus, rate limits) while sockets are going
 * away and a chat request is in flight writes nothing to a closed Redis client: no unhandled "Connection is closed."
 */
describe('shutdown with Redis', () => {
  it('closes while sockets disconnect and a message is sent, with no unhandled rejection', async () => {
    const unhandled: { reason: unknown; promise: Promise<unknown> }[] = [];
    const onUnhandled = (reason: unknown, promise: Promise<unknown>) => unhandled.push({ reason, promise });
    process.on('unhandledRejection', onUnhandled);
    try {
      const t = await createTestApp({ env: { REDIS_URL, REDIS_PREFIX: PREFIX } });
      const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const sockets: TestSocket[] = [];
      const g = await guest(t);
      for (let i = 0; i < SOCKETS; i++) sockets.push(await connectSocket(base, { kind: 'guest', token: g.token }));
      // the clients leave (each a recoverable "transport close": the adapter persists its session in Redis) and a
      // message is on its way while the app closes
      for (const socket of sockets) socket.close();
      const sending = call(
        t,
        'POST',
        '/api/chat/send-message',
        { guest: g.token },
        {
          sender: 'customer',
          message: { message_type: 'text', payload: 'bye' },
        },
      ).catch(() => undefined);
      await t.close();
      await sending;
      // what a late transport close and a presence request do after close: persist a session, publish a request
      const adapter = t.realtime.io.of('/').adapter as unknown as {
        persistSession(session: unknown): void;
        doPublish(message: unknown): Promise<unknown>;
      };
      const canaryClient = new Redis(REDIS_URL);
      await canaryClient.quit();
      adapter.persistSession({ pid: 'late', sid: 'late', rooms: [], data: {} });
      await adapter.doPublish({ type: 4, uid: 'late', nsp: '/', data: { requestId: 'late', opts: {} } });
      // a canary instead of a sleep: one write to a closed Redis client left unhandled on purpose, after the late
      // calls; once Node has reported it, it has reported whatever the late calls left unhandled before it
      const canary = canaryClient.set(`${PREFIX}canary`, '1');
      await expect.poll(() => unhandled.some((u) => u.promise === canary), { timeout: 30_000 }).toBe(true);
      canary.catch(() => undefined);
      expect(unhandled.filter((u) => u.promise !== canary).map((u) => String(u.reason))).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
