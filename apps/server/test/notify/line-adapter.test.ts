import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpLineMessenger } from '../../src/providers/line/http-line-messenger.ts';
import { readLineWebhook } from '../../src/providers/line/line-webhook.ts';
import { lineSimulator, SECRET, TOKEN, USER } from './line-harness.ts';

/** The LINE adapter against the sandbox simulator: LINE's push wire format, retry key, retries, webhook signatures. */
let sim: Awaited<ReturnType<typeof lineSimulator>>;
beforeAll(async () => {
  sim = await lineSimulator();
});
afterAll(() => sim.app.close());

const waits: number[] = [];
const messenger = (token = TOKEN) =>
  new HttpLineMessenger({
    baseUrl: 'http://line.test/',
    channelAccessToken: token,
    fetch: () => sim.transport,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
const key = (n: number) => `00000000-0000-5000-8000-${String(n).padStart(12, '0')}`;

describe('LINE push (adapter ↔ simulator)', () => {
  it('sends the messages with the Bearer token and the retry key; the same key again sends nothing', async () => {
    expect(await messenger().push(USER, ['hello'], key(1))).toMatchObject({ kind: 'sent' });
    expect(await messenger().push(USER, ['hello'], key(1))).toMatchObject({ kind: 'duplicate' });
    const sent = (await sim.messages(USER)).filter((m) => m.retryKey === key(1));
    expect(sent).toEqual([expect.objectContaining({ to: USER, messages: [{ type: 'text', text: 'hello' }] })]);
  });

  it('a wrong token is refused for good (401), nothing recorded', async () => {
    const outcome = await messenger('wrong-token-0123456789').push(USER, ['x'], key(2));
    expect(outcome).toMatchObject({ kind: 'refused', status: 401 });
    expect((await sim.messages(USER)).some((m) => m.retryKey === key(2))).toBe(false);
  });

  it('retries a 500 and a 429 (honouring Retry-After) with the same key, and sends once', async () => {
    waits.length = 0;
    await sim.faults([{ status: 500 }, { status: 429, retryAfter: 2 }]);
    expect(await messenger().push(USER, ['after faults'], key(3))).toMatchObject({ kind: 'sent' });
    expect(waits).toEqual([500, 2000]);
    expect((await sim.messages(USER)).filter((m) => m.retryKey === key(3))).toHaveLength(1);
  });

  it('throws after its attempts when LINE keeps failing (the job runner retries later)', async () => {
    await sim.faults([{ status: 500 }, { status: 500 }, { status: 500 }]);
    await expect(messenger().push(USER, ['never'], key(4))).rejects.toThrow(/after 3 attempts: LINE answered 500/);
    expect((await sim.messages(USER)).some((m) => m.retryKey === key(4))).toBe(false);
  });
});

describe('LINE webhook signature', () => {
  it("accepts the simulator's signed follow + text message and reads the events", async () => {
    await sim.app.inject({ method: 'POST', url: `/_users/${USER}/follow`, payload: { text: 'ABCD2345' } });
    const hook = sim.webhooks.at(-1)!;
    expect(readLineWebhook(SECRET, hook.headers, Buffer.from(hook.body))).toEqual([
      { type: 'follow', userId: USER },
      { type: 'text', userId: USER, text: 'ABCD2345' },
    ]);
  });

  it('refuses a missing or wrong signature, another secret, and the signed body with one byte changed', async () => {
    await sim.app.inject({ method: 'POST', url: `/_users/${USER}/unfollow` });
    const hook = sim.webhooks.at(-1)!;
    const raw = Buffer.from(hook.body);
    expect(readLineWebhook(SECRET, hook.headers, raw)).toEqual([{ type: 'unfollow', userId: USER }]);
    expect(readLineWebhook(SECRET, {}, raw)).toBeNull();
    expect(readLineWebhook(SECRET, { 'x-line-signature': 'AAAA' }, raw)).toBeNull();
    expect(readLineWebhook('another-secret-0123456789', hook.headers, raw)).toBeNull();
    const changed = Buffer.from(raw);
    changed[changed.length - 3] = changed[changed.length - 3]! ^ 1;
    expect(readLineWebhook(SECRET, hook.headers, changed)).toBeNull();
  });
});
