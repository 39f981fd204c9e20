import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Request signing of the game protocol: hex HMAC-SHA256 with the shared secret over the raw request body
 * (POST) or over the path and query exactly as sent (GET, e.g. `/sandbox/games/pg/transfers/T1`).
 */
export function signPayload(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export function verifySignature(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(signPayload(secret, payload), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
