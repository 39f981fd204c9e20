import { describe, expect, it } from 'vitest';
import type { ModuleFactory } from '../../src/http/handlers.ts';
import { collectHandlers } from '../../src/http/register-routes.ts';
import { createTestApp } from '../helpers/test-app.ts';

const banksA: ModuleFactory = () => ({ name: 'content-a', handlers: { 'lookup.banks': async () => [] } });
const banksB: ModuleFactory = () => ({ name: 'content-b', handlers: { 'lookup.banks': async () => [] } });
const sources: ModuleFactory = () => ({ name: 'sources', handlers: { 'lookup.sources': async () => [] } });

describe('registerRoutes and duplicate handlers', () => {
  it('refuses to start when two modules provide the same endpoint id, naming both', async () => {
    await expect(createTestApp({ modules: [banksA, sources, banksB] })).rejects.toThrow(
      'endpoint lookup.banks has two handlers: module content-a and module content-b',
    );
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
