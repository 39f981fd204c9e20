import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { contentSecurityPolicy } from './security-headers.ts';

/** Vite writes content-hashed files here: they never change, so caches may keep them for a year. */
const HASHED_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other public files (logo, icons, videos, robots.txt) keep their names across deploys. */
const PUBLIC_FILE = 'public, max-age=86400, stale-while-revalidate=604800';
/** A path that names a file (has an extension) is never answered with the app shell. */
const FILE_LIKE = /\/[^/]+\.[a-z0-9]{1,12}$/i;

/**
 * The built player app at `/`: precompressed (.br/.gz written at build time) files with long caching for hashed
 * assets, `no-cache` for the HTML shell, 404 for missing files, and the history-mode fallback for every other GET.
 */
export async function servePlayer(app: FastifyInstance, dist: string): Promise<void> {
  const hasDist = existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, file) => {
        const rel = `/${path.relative(dist, file).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
        reply.header('cache-control', cacheControlFor(rel));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api/') || url.startsWith('/sandbox/');
    const isFile = url.startsWith(HASHED_PREFIX) || FILE_LIKE.test(url);
    if (isApi || isFile || (request.method !== 'GET' && request.method !== 'HEAD') || !hasDist) {
      return reply.status(404).header('cache-control', 'no-store').send({ message: 'NOT_FOUND' });
    }
    // a fresh nonce per page for the `<style>` elements the UI inserts at run time (the player reads the meta tag)
    const nonce = randomBytes(16).toString('base64');
    const html = (await readFile(path.join(dist, 'index.html'), 'utf8'))
      .replace('<head>', `<head><meta property="csp-nonce" nonce="${nonce}" />`)
      // the static first-paint shell's own stylesheet (index.html) runs under the same nonce
      .replaceAll('<style>', `<style nonce="${nonce}">`);
    reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy({ styleNonce: nonce }))
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // the shell carries a per-page nonce, so it is compressed per answer (a few KiB, fast settings)
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header('content-encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  });
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith('.html')) return 'no-cache';
  if (urlPath.startsWith(HASHED_PREFIX)) return IMMUTABLE;
  return PUBLIC_FILE;
}
