/**
 * The simulators as a process of their own (`node --import tsx bench/sandbox-process.ts`), for bench:soak: the
 * outside world the server talks to over HTTP at its PUBLIC_URL, so the server's heap is the product's alone
 * (docs/performance.md, "Soak"). Env: SANDBOX_PORT, PROVIDER_SECRET (the server's), WALLET_URL (where the webhooks
 * go). Loopback only. Bench only.
 */
import { buildSandboxServer } from '@wallet/sandbox/sandbox-server';

const port = Number(process.env.SANDBOX_PORT);
const secret = process.env.PROVIDER_SECRET;
const walletUrl = process.env.WALLET_URL;
if (!port || !secret || !walletUrl) throw new Error('sandbox-process: SANDBOX_PORT, PROVIDER_SECRET and WALLET_URL');
const url = `http://127.0.0.1:${port}`;
const app = await buildSandboxServer({ secret, walletUrl, publicUrl: url });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ host: '127.0.0.1', port });
