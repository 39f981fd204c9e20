import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { QR_PROVIDERS, type QrProvider } from './limits.ts';

/**
 * The five QR PSPs' wire, both sides of it: the server's HTTP provider (apps/server/src/providers/qr-payments) signs
 * its calls and checks webhooks with it; the sandbox providers (packages/sandbox/src/qr-payments) do the reverse.
 * Node only (node:crypto): the browser apps never import it.
 * The five PSPs sign differently, like real Thai gateways (docs/payments.md §1.1): each profile names the
 * merchant-auth header of our calls to it and how its webhooks are signed. Secrets per provider derive from the
 * shared provider secret: `hex HMAC-SHA256(secret, "qr:" + provider)`.
 *
 *   KBANK    x-kbank-timestamp + x-kbank-signature = hex HMAC-SHA256(key, `${ts}.${body}`)
 *   WW       x-ww-sign = uppercase hex MD5(`${body}&ts=${ts}&key=${key}`), x-ww-ts
 *   PAYTIMZ  x-timestamp + x-signature = base64 HMAC-SHA256(key, ts + body)
 *   PAYONEX  payonex-signature: `t=${ts},v1=${hex HMAC-SHA256(key, `${ts}.${body}`)}`
 *   ZPAY     x-zpay-timestamp + authorization: `HMAC-SHA512 ${hex HMAC-SHA512(key, `${ts}\n${body}`)}`
 */
export function providerKey(secret: string, provider: QrProvider): string {
  return createHmac('sha256', secret).update(`qr:${provider}`).digest('hex');
}

export const isQrProvider = (value: string): value is QrProvider => (QR_PROVIDERS as readonly string[]).includes(value);

export function signHeaders(provider: QrProvider, key: string, body: string, ts: number): Record<string, string> {
  const t = String(ts);
  switch (provider) {
    case 'KBANK':
      return { 'x-kbank-timestamp': t, 'x-kbank-signature': hmacHex('sha256', key, `${t}.${body}`) };
    case 'WW':
      return { 'x-ww-ts': t, 'x-ww-sign': md5Upper(`${body}&ts=${t}&key=${key}`) };
    case 'PAYTIMZ':
      return {
        'x-timestamp': t,
        'x-signature': createHmac('sha256', key)
          .update(t + body)
          .digest('base64'),
      };
    case 'PAYONEX':
      return { 'payonex-signature': `t=${t},v1=${hmacHex('sha256', key, `${t}.${body}`)}` };
    case 'ZPAY':
      return { 'x-zpay-timestamp': t, authorization: `HMAC-SHA512 ${hmacHex('sha512', key, `${t}\n${body}`)}` };
  }
}

/** The timestamp (epoch seconds) of a correctly signed request, or null. */
export function verifyHeaders(
  provider: QrProvider,
  key: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): number | null {
  const h = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : '';
  };
  let ts = '';
  if (provider === 'KBANK') ts = h('x-kbank-timestamp');
  else if (provider === 'WW') ts = h('x-ww-ts');
  else if (provider === 'PAYTIMZ') ts = h('x-timestamp');
  else if (provider === 'ZPAY') ts = h('x-zpay-timestamp');
  else ts = /^t=(\d+),/.exec(h('payonex-signature'))?.[1] ?? '';
  if (!/^\d{1,12}$/.test(ts)) return null;
  const expected = signHeaders(provider, key, body, Number(ts));
  for (const [name, value] of Object.entries(expected)) if (!same(h(name), value)) return null;
  return Number(ts);
}

const hmacHex = (algo: string, key: string, text: string) => createHmac(algo, key).update(text).digest('hex');
const md5Upper = (text: string) => createHash('md5').update(text).digest('hex').toUpperCase();
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
