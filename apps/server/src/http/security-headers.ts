import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the player and the API (docs/decisions/0016-hostile-input.md): everything
 * same-origin. `connect-src 'self'` covers the same-origin websocket (CSP3: 'self' matches ws/wss of the page's
 * host). Styles come from the built CSS files; inline `<style>` elements the UI libraries insert are allowed by
 * the hashes in `styleHashes` (their text is fixed); `style=` attributes set from scripts go through the CSSOM,
 * which CSP does not restrict.
 */
export function contentSecurityPolicy(styleHashes: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...styleHashes.map((hash) => `'${hash}'`)],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Every answer carries these, errors of the framework included (helmet's defaults, with our CSP). */
export function securityHeaders(options: { hsts: boolean; styleHashes?: readonly string[] }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options.styleHashes),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** One hook sets the headers on every request the router reaches; `frameworkErrors` sets them on the rest. */
export function installSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
