import { defineConfig } from 'vitest/config';

/**
 * Concurrency tests (`*.pg.test.ts`) need row locks and parallel connections: they run only on PostgreSQL. Tests that
 * count the statements the embedded client receives (`*.pglite.test.ts`) run only on PGlite.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Tests of the Redis-backed stores (`*.redis.test.ts`) run only when REDIS_URL is set. */
const onRedis = Boolean(process.env.REDIS_URL);

export default defineConfig({
  test: {
    projects: [
      // the repository's own lint rules, proven on fixtures (eslint/*.test.ts)
      { test: { name: 'tooling', root: '.', include: ['eslint/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'sandbox', root: 'packages/sandbox', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [
            ...(onPostgres ? ['**/*.pglite.test.ts'] : ['**/*.pg.test.ts']),
            ...(onRedis ? [] : ['**/*.redis.test.ts']),
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: { TZ: 'Asia/Bangkok' },
          globalSetup: [new URL('apps/server/test/global-setup.ts', import.meta.url).pathname],
        },
      },
      'packages/web-core/vitest.config.ts',
      'packages/ui/vitest.config.ts',
      'apps/player/vitest.config.ts',
      'apps/backoffice/vitest.config.ts',
    ],
  },
});
