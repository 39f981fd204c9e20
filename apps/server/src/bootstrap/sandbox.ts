// The one server file that may import @wallet/sandbox (docs/design.md §1): it mounts the simulators
// of the outside world under /sandbox when PROVIDERS=sandbox.
import { bankPayoutsPlugin } from '@wallet/sandbox/bank-payouts/bank-payouts-plugin';
import { gamesPlugin } from '@wallet/sandbox/games/games-plugin';
import { bankSlipsPlugin } from '@wallet/sandbox/bank-slips/bank-slips-plugin';
import { qrSandboxPlugin } from '@wallet/sandbox/qr-payments/qr-plugin';
import { trueWalletPlugin } from '@wallet/sandbox/truewallet/truewallet-plugin';
import { InMemoryOutbox, sandboxSms } from '@wallet/sandbox/sms/sandbox-sms';
import { lineSandboxPlugin } from '@wallet/sandbox/line/line-plugin';
import type { FastifyInstance } from 'fastify';
import type { ModuleFactory } from '../http/handlers.ts';
import { bindBankTransport } from '../providers/bank/http-slip-verifier.ts';
import { bindLineTransport } from '../providers/line/http-line-messenger.ts';
import { bindQrTransport } from '../providers/qr-payments/http-qr-provider.ts';
import { bindSmsProvider } from '../providers/sms/sms-provider.ts';
import { isSandboxControlPath, mayControlSandbox } from './sandbox-guard.ts';

type SandboxPlugin = { prefix: string; register: (app: FastifyInstance) => Promise<void> };

export const sandboxModule: ModuleFactory = (ctx) => {
  if (ctx.config.providers !== 'sandbox') return { name: 'sandbox' };
  const isDevelopment = ctx.config.env === 'development';

  // SMS: the server and the sandbox share one process, so the provider writes to the outbox directly.
  const outbox = new InMemoryOutbox(1000, () => ctx.clock.now());
  bindSmsProvider(ctx, {
    send: async (phone, text) => {
      outbox.add(phone, text);
      // never the text: it carries the one-time code (read it at /sandbox/sms/outbox)
      if (isDevelopment) ctx.log.info({ sms: { phone } }, 'sandbox SMS (text in /sandbox/sms/outbox)');
    },
  });

  // QR providers: this process calls them and they call our webhook in-process (app.inject), over the same HTTP
  // semantics (headers, raw bodies, signatures) as across the network
  let root: FastifyInstance | undefined;
  const inject = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    if (!root) throw new Error('sandbox not mounted yet');
    const res = await root.inject({
      method: init.method as 'GET' | 'POST',
      url: ((u) => u.pathname + u.search)(new URL(url)),
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: res.statusCode, text: async () => res.body };
  };
  bindQrTransport(ctx, inject);
  bindBankTransport(ctx, inject);
  // LINE's adapter reads response headers too (Retry-After, the request id)
  bindLineTransport(ctx, async (url, init) => {
    if (!root) throw new Error('sandbox not mounted yet');
    const res = await root.inject({
      method: 'POST',
      url: ((u) => u.pathname + u.search)(new URL(url)),
      headers: init.headers,
      payload: init.body,
    });
    const header = (name: string) => {
      const value = res.headers[name];
      return typeof value === 'string' ? value : null;
    };
    return { status: res.statusCode, headers: { get: header }, text: async () => res.body };
  });
  const line = ctx.config.line;

  const plugins: SandboxPlugin[] = [
    { prefix: '/truewallet', register: (app) => trueWalletPlugin(app, {}) },
    {
      prefix: '/bank',
      register: (app) => bankSlipsPlugin(app, { secret: ctx.config.secrets.provider, now: () => ctx.clock.now() }),
    },
    {
      prefix: '/qr',
      register: (app) =>
        qrSandboxPlugin(app, {
          secret: ctx.config.secrets.provider,
          now: () => ctx.clock.now(),
          deliver: async (url, headers, body) => (await inject(url, { method: 'POST', headers, body })).status,
        }),
    },
    ...(line
      ? [
          {
            prefix: '/line',
            register: (app: FastifyInstance) =>
              lineSandboxPlugin(app, {
                channelSecret: line.channelSecret,
                channelAccessToken: line.channelAccessToken,
                webhookUrl: `${ctx.config.publicUrl}/api/webhooks/line`,
                now: () => ctx.clock.now(),
                deliver: async (url, headers, body) => (await inject(url, { method: 'POST', headers, body })).status,
              }),
          },
        ]
      : []),
    { prefix: '/sms', register: (app) => sandboxSms(app, { outbox, logMessages: isDevelopment }) },
    {
      prefix: '/games',
      register: (app) => gamesPlugin(app, { secret: ctx.config.secrets.provider, publicUrl: ctx.config.publicUrl }),
    },
    // the paying bank of withdrawals (modules/withdrawals talks to it over HTTP with the same shared secret)
    { prefix: '/bank', register: (app) => bankPayoutsPlugin(app, { secret: ctx.config.secrets.provider }) },
  ];

  return {
    name: 'sandbox',
    plugin: async (app) => {
      root = app;
      await app.register(
        async (sandbox) => {
          sandbox.addHook('onRequest', async (request, reply) => {
            if (isSandboxControlPath(request.url) && !mayControlSandbox(request, ctx.config.sandboxKey)) {
              return reply.status(403).send({ message: 'UNAUTHORIZED' });
            }
          });
          for (const plugin of plugins) await sandbox.register(plugin.register, { prefix: plugin.prefix });
        },
        { prefix: '/sandbox' },
      );
    },
  };
};
