import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller JSON answers go plain: below about a KiB the encoding saves less than it costs (docs/performance.md). */
const MIN_BYTES = 1024;

/** a JSON key that names a credential: `token`, `refreshToken`, `otpToken`, `secret`, `otpauth`… */
const CREDENTIAL_KEY = /"[A-Za-z]*(?:[Tt]oken|[Ss]ecret|otpauth)[A-Za-z]*"\s*:/;

type Encoding = 'br' | 'gzip';

/** The encoding the client accepts that we send, brotli first; `;q=0` refuses one. */
function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * JSON answers of a KiB or more (the wallet, statements, lookups) are compressed when the client asks for it
 * (`Accept-Encoding`: brotli at a fast quality, else gzip), and carry `Vary: Accept-Encoding` either way. Answers
 * already encoded (the player's shell and precompressed files, apps/server/src/http/serve-spa.ts) and streams pass.
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    // an answer that carries credentials (session cookies, a token, a TOTP secret) goes plain: compressed beside
    // attacker-chosen text, a secret leaks through the answer's size (BREACH)
    if (reply.hasHeader('set-cookie')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < MIN_BYTES || CREDENTIAL_KEY.test(payload.toString())) return payload;
    const vary = reply.getHeader('vary');
    if (!/accept-encoding/i.test(String(vary ?? ''))) {
      reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzipped(payload);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return body;
  });
}
