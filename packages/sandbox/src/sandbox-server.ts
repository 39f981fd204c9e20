/**
 * Every simulator in one Fastify app of its own, under `/sandbox` as the server mounts them
 * (apps/server/src/bootstrap/sandbox.ts), for a process that stands for the outside world on its own: the soak
 * (docs/performance.md, "Soak") runs it beside the server so that the server's heap holds the product alone. The
 * wallet reaches it over HTTP at its PUBLIC_URL (set to this process's URL); the webhooks it sends go to `walletUrl`
 * whatever host their notify URL names. Listen on loopback only: the control routes are not guarded here.
 */
import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { bankPayoutsPlugin } from './bank-payouts/bank-payouts-plugin.ts';
import { bankSlipsPlugin } from './bank-slips/bank-slips-plugin.ts';
import { gamesPlugin } from './games/games-plugin.ts';
import { lineSandboxPlugin } from './line/line-plugin.ts';
import { qrSandboxPlugin } from './qr-payments/qr-plugin.ts';
import { InMemoryOutbox, sandboxSms } from './sms/sandbox-sms.ts';
import { trueWalletPlugin } from './truewallet/truewallet-plugin.ts';

export type SandboxServerOptions = {
  /** the shared provider secret (the wallet's PROVIDER_SECRET) */
  secret: string;
  /** where the wallet listens: the QR and LINE webhooks are sent there */
  walletUrl: string;
  /** this process's own URL (the demo game's launch URLs) */
  publicUrl: string | (() => string);
};

/** The wallet's LINE channel on the simulator, derived from the provider secret as apps/server/src/config/env.ts does. */
const lineSecret = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`line:${purpose}`).digest('hex').slice(0, 32);

export async function buildSandboxServer(options: SandboxServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const wallet = options.walletUrl.replace(/\/$/, '');
  // a webhook to `<any host>/api/webhooks/…` goes to the wallet's same path; 30 s, as the soak's own requests wait
  // (a wallet slowed by a loaded machine is not a lost webhook)
  const deliver = async (url: string, headers: Record<string, string>, body: string) => {
    const target = new URL(url);
    const res = await fetch(`${wallet}${target.pathname}${target.search}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    await res.body?.cancel();
    return res.status;
  };
  await app.register(
    async (sandbox) => {
      await sandbox.register((a) => trueWalletPlugin(a, {}), { prefix: '/truewallet' });
      await sandbox.register((a) => bankSlipsPlugin(a, { secret: options.secret }), { prefix: '/bank' });
      await sandbox.register((a) => qrSandboxPlugin(a, { secret: options.secret, deliver }), { prefix: '/qr' });
      await sandbox.register(
        (a) =>
          lineSandboxPlugin(a, {
            channelSecret: lineSecret(options.secret, 'channel-secret'),
            channelAccessToken: lineSecret(options.secret, 'channel-access-token'),
            webhookUrl: `${wallet}/api/webhooks/line`,
            deliver,
          }),
        { prefix: '/line' },
      );
      await sandbox.register((a) => sandboxSms(a, { outbox: new InMemoryOutbox() }), { prefix: '/sms' });
      await sandbox.register((a) => gamesPlugin(a, { secret: options.secret, publicUrl: options.publicUrl }), {
        prefix: '/games',
      });
      await sandbox.register((a) => bankPayoutsPlugin(a, { secret: options.secret }), { prefix: '/bank' });
    },
    { prefix: '/sandbox' },
  );
  app.get('/health', async () => ({ status: 'ok' }));
  return app;
}
