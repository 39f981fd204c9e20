import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

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
    return reply.sendFile('index.html', dist);
  });
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith('.html')) return 'no-cache';
  if (urlPath.startsWith(HASHED_PREFIX)) return IMMUTABLE;
  return PUBLIC_FILE;
}
