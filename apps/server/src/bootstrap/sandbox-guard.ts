import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';

const SANDBOX_KEY_HEADER = 'x-sandbox-key';

/**
 * The sandbox routes that read or steer the simulators for everyone: the SMS outbox and gateway, the game
 * fault switches and the request log, the sandbox bank's payout list and fault switches, the QR payer
 * (`/sandbox/qr/pay`) and its switches, the bank's transfer maker, the True Wallet voucher maker and the LINE
 * simulator's page, message list, faults and follow/unfollow webhooks (`/sandbox/line/_…`). The signed
 * provider APIs and the demo game (launch token) stay open.
 */
const CONTROL_PATH =
  /^\/sandbox\/(sms\/|games\/_(faults|log)(\/|\?|$)|qr\/(pay(\?|$)|_)|bank\/(transfers|_)|truewallet\/vouchers|line\/_)/;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const isSandboxControlPath = (url: string): boolean => CONTROL_PATH.test(url);

/**
 * Loopback clients (tests, `npm start` on this machine) may use the control routes; anyone else needs the
 * `X-Sandbox-Key` header equal to SANDBOX_KEY (no key configured: loopback only). Behind a proxy, TRUST_PROXY must
 * be set so `request.ip` is the real client and not the proxy's loopback address.
 */
export function mayControlSandbox(request: FastifyRequest, key: string | undefined): boolean {
  if (LOOPBACK.has(request.ip)) return true;
  const given = request.headers[SANDBOX_KEY_HEADER];
  if (!key || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
