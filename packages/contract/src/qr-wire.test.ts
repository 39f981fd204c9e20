import { describe, expect, it } from 'vitest';
import { QR_PROVIDERS } from './limits.ts';
import { isQrProvider, providerKey, signHeaders, verifyHeaders } from './qr-wire.ts';

const body = '{"paymentId":"p-1","amount":"10000"}';
const ts = 1_790_000_000;

describe('QR wire signatures (both sides use this module)', () => {
  it.each(QR_PROVIDERS)('%s: a signed body verifies to its timestamp; another body, key or provider does not', (p) => {
    const key = providerKey('secret', p);
    const headers = signHeaders(p, key, body, ts);
    expect(verifyHeaders(p, key, headers, body)).toBe(ts);
    expect(verifyHeaders(p, key, headers, `${body} `)).toBeNull();
    expect(verifyHeaders(p, providerKey('other', p), headers, body)).toBeNull();
    const other = QR_PROVIDERS.find((q) => q !== p)!;
    expect(verifyHeaders(other, key, headers, body)).toBeNull();
  });

  it('derives one key per provider from the shared secret and knows the provider names', () => {
    expect(new Set(QR_PROVIDERS.map((p) => providerKey('secret', p))).size).toBe(QR_PROVIDERS.length);
    expect(providerKey('secret', 'KBANK')).toMatch(/^[0-9a-f]{64}$/);
    expect(isQrProvider('ZPAY')).toBe(true);
    expect(isQrProvider('zpay')).toBe(false);
  });
});
