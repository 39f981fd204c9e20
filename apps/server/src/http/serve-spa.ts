import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { contentSecurityPolicy } from './security-headers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other public files (logo, icons, videos, robots.txt) keep their names across deploys. */
const PUBLIC_FILE = 'public, max-age=86400, stale-while-revalidate=604800';
/** A path that names a file (has an extension) is never answered with the app shell. */
const FILE_LIKE = /\/[^/]+\.[a-z0-9]{1,12}$/i;

/** A built single-page app (Vite output, precompressed by compress-dist) and the URL prefix it is served under. */
export type Spa = {
  /** '/' for the player, '/admin/' for the back office (always ends with '/') */
  prefix: string;
  /** the folder holding index.html and assets/ */
  dist: string;
  /** extra headers on the HTML shell (the back office: noindex) */
  shellHeaders?: Record<string, string>;
  /**
   * Route shells: the first matching path is answered with `file` (relative to dist) instead of index.html when the
   * build wrote it (the player's static first paint per route: apps/player/scripts/make-shells.mjs).
   */
  routeShells?: readonly { path: RegExp; file: string }[];
};

/**
 * Serve built apps, each under its prefix: precompressed (.br/.gz written at build time) files with long caching
 * for Vite's content-hashed `<prefix>assets/`, `no-cache` for the HTML shell, 404 for missing files, and the
 * history-mode fallback (the shell with a per-page CSP nonce) for every other GET under the prefix. The most
 * specific prefix wins, so `/admin/...` never falls to the player.
 */
export async function serveSpas(app: FastifyInstance, spas: readonly Spa[]): Promise<void> {
  const ready = spas
    .map((spa) => ({
      ...spa,
      hasDist: existsSync(path.join(spa.dist, 'index.html')),
      routeShells: (spa.routeShells ?? []).filter((shell) => existsSync(path.join(spa.dist, shell.file))),
    }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  let decorated = false;
  for (const spa of ready) {
    if (!spa.hasDist) continue;
    const hashedPrefix = `${spa.prefix}assets/`;
    await app.register(fastifyStatic, {
      root: spa.dist,
      prefix: spa.prefix,
      // one reply.sendFile decorator is enough (and a second one throws)
      decorateReply: !decorated,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, file) => {
        const rel = `${spa.prefix}${path.relative(spa.dist, file).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
        reply.header('cache-control', cacheControlFor(rel, hashedPrefix));
      },
    });
    decorated = true;
    // `/admin` → `/admin/` (the app's base URL)
    const bare = spa.prefix.replace(/\/$/, '');
    if (bare) app.get(bare, (request, reply) => reply.redirect(`${spa.prefix}${request.url.slice(bare.length)}`));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const spa = ready.find((s) => url.startsWith(s.prefix));
    const isApi = url.startsWith('/api/') || url.startsWith('/sandbox/');
    const isFile = (spa && url.startsWith(`${spa.prefix}assets/`)) || FILE_LIKE.test(url);
    if (!spa || isApi || isFile || (request.method !== 'GET' && request.method !== 'HEAD') || !spa.hasDist) {
      return reply.status(404).header('cache-control', 'no-store').send({ message: 'NOT_FOUND' });
    }
    return sendShell(request, reply, spa, url);
  });
}

/** The app shell (or the path's route shell) with a fresh CSP nonce for the inline `<style>` and `<script>` elements of the page. */
async function sendShell(request: FastifyRequest, reply: FastifyReply, spa: Spa, url: string) {
  const nonce = randomBytes(16).toString('base64');
  const file = spa.routeShells?.find((shell) => shell.path.test(url))?.file ?? 'index.html';
  const html = (await readFile(path.join(spa.dist, file), 'utf8'))
    .replace('<head>', `<head><meta property="csp-nonce" nonce="${nonce}" />`)
    // a static first-paint shell's own stylesheet and the player's app loader (index.html) run under the same nonce
    .replaceAll('<style>', `<style nonce="${nonce}">`)
    .replaceAll('<script>', `<script nonce="${nonce}">`);
  reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', contentSecurityPolicy({ nonce }))
    .header('vary', 'accept-encoding')
    .headers(spa.shellHeaders ?? {})
    .type('text/html; charset=utf-8');
  // the shell carries a per-page nonce, so it is compressed per answer (a few KiB, fast settings)
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

function cacheControlFor(urlPath: string, hashedPrefix: string): string {
  if (urlPath.endsWith('.html')) return 'no-cache';
  if (urlPath.startsWith(hashedPrefix)) return IMMUTABLE;
  return PUBLIC_FILE;
}
