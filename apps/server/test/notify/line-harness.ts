import { lineSandboxPlugin } from '@wallet/sandbox/line/line-plugin';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LineFetch } from '../../src/providers/line/http-line-messenger.ts';

export const SECRET = 'test-channel-secret-0123456789';
export const TOKEN = 'test-channel-access-token-0123456789';
export const USER = `U${'a1'.repeat(16)}`;

/** The LINE simulator alone, its webhooks captured, and an in-process transport to it. */
export async function lineSimulator() {
  const webhooks: { headers: Record<string, string>; body: string }[] = [];
  const app: FastifyInstance = Fastify();
  await app.register((scope) =>
    lineSandboxPlugin(scope, {
      channelSecret: SECRET,
      channelAccessToken: TOKEN,
      webhookUrl: 'http://wallet.test/api/webhooks/line',
      deliver: async (_url, headers, body) => {
        webhooks.push({ headers, body });
        return 200;
      },
    }),
  );
  await app.ready();
  const transport: LineFetch = async (url, init) => {
    const res = await app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: init.headers,
      payload: init.body,
    });
    return {
      status: res.statusCode,
      headers: { get: (name) => (typeof res.headers[name] === 'string' ? (res.headers[name] as string) : null) },
      text: async () => res.body,
    };
  };
  const messages = async (to?: string) =>
    (await app.inject({ method: 'GET', url: `/_messages${to ? `?to=${to}` : ''}` })).json() as {
      to: string;
      retryKey: string | null;
      messages: { text: string }[];
    }[];
  const faults = (list: { status: 500 | 429; retryAfter?: number }[]) =>
    app.inject({ method: 'POST', url: '/_faults', payload: { faults: list } });
  return { app, webhooks, transport, messages, faults };
}
