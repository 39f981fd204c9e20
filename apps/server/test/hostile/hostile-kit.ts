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

/** Every log line the app wrote, as text: pass `stream` to createTestApp({ logStream }) with LOG_LEVEL info. */
export function captureLogs(): { stream: { write(line: string): void }; text(): string } {
  const lines: string[] = [];
  return { stream: { write: (line: string) => void lines.push(line) }, text: () => lines.join('') };
}

/** Secrets that must never appear in a log line. */
export function expectNoSecrets(logText: string, secrets: readonly string[]): void {
  for (const secret of secrets) {
    // a number-only secret (phone, bank account) counts as a whole number: pino's float `responseTime` or a
    // timestamp may hold the same digits by chance (12.1210000002 ms), which is no leak
    const found = /^\d+$/.test(secret)
      ? new RegExp(`(?<![\\d.])${secret}(?![\\d])`).exec(logText)?.[0]
      : logText.includes(secret)
        ? secret
        : undefined;
    expect(found, `a log line holds ${secret}`).toBeUndefined();
  }
}
