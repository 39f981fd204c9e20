import { expect } from 'vitest';

type Headers = Record<string, string | string[] | number | undefined>;

/** The headers every answer carries, errors included (apps/server/src/http/security-headers.ts). */
export function expectSecurityHeaders(headers: Headers): void {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('no-referrer');
}
