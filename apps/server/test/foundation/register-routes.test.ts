import os from 'node:os';
import { describe, expect, it } from 'vitest';
import type { ModuleFactory } from '../../src/http/handlers.ts';
import { collectHandlers } from '../../src/http/register-routes.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createTestApp, freshDatabase } from '../helpers/test-app.ts';

const banksA: ModuleFactory = () => ({ name: 'content-a', handlers: { 'lookup.banks': async () => [] } });
const banksB: ModuleFactory = () => ({ name: 'content-b', handlers: { 'lookup.banks': async () => [] } });
const sources: ModuleFactory = () => ({ name: 'sources', handlers: { 'lookup.sources': async () => [] } });

describe('registerRoutes and duplicate handlers', () => {
  it('refuses to start when two modules provide the same endpoint id, naming both', async () => {
    const database = await freshDatabase();
    try {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', DATA_DIR: os.tmpdir() });
      await expect(buildApp({ config, database, modules: [banksA, sources, banksB] })).rejects.toThrow(
        'endpoint lookup.banks has two handlers: module content-a and module content-b',
      );
    } finally {
      await database.close();
    }
  });

  it('merges handlers of distinct endpoints from several modules', () => {
    const handlers = collectHandlers([banksA, sources].map((f) => f({} as never)));
    expect(Object.keys(handlers).sort()).toEqual(['lookup.banks', 'lookup.sources']);
  });

  it('starts with the default module list: no endpoint is provided twice', async () => {
    const t = await createTestApp();
    expect(t.modules.map((m) => m.name)).toEqual(
      expect.arrayContaining(['content', 'account', 'wallet', 'game-accounts', 'game-transfers', 'statement']),
    );
    await t.close();
  });
});
