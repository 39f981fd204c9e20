import type { FastifyInstance } from 'fastify';

/**
 * `<style>` elements the player's UI libraries insert with fixed text (sonner 2 inserts an empty element, then its
 * stylesheet). apps/server/test/hostile/csp.test.ts recomputes them from node_modules: a library upgrade that
 * changes the text fails that test rather than the page.
 */
export const PLAYER_STYLE_HASHES = [
  'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
  'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=',
] as const;

/**
 * The Content-Security-Policy of the player and the API (docs/decisions/0016-hostile-input.md): everything
 * same-origin; the HTML shell's inline elements (its boot styles, the player's app loader) carry the page's nonce.
 * `connect-src 'self'` covers the same-origin websocket (CSP3: 'self' matches ws/wss of the page's
 * host). Styles come from the built CSS files; inline `<style>` elements need a hash (PLAYER_STYLE_HASHES) or the
 * page's nonce (dynamic ones: the scroll lock of dialogs, through get-nonce); `style=` attributes set from scripts
 * go through the CSSOM, which CSP does not restrict.
 */
export function contentSecurityPolicy(options: { nonce?: string } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...(options.nonce ? [`'nonce-${options.nonce}'`] : [])],
    'script-src-attr': ["'none'"],
    'style-src': [
      "'self'",
      ...PLAYER_STYLE_HASHES.map((hash) => `'${hash}'`),
      ...(options.nonce ? [`'nonce-${options.nonce}'`] : []),
    ],
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
export function securityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(),
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
