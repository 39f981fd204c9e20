import { readFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { renderClientApi } from './client-api-source.ts';
import { api as clientApi } from './client-api.gen.ts';
import { listEndpoints } from './api.ts';

describe('client route table', () => {
  it('is current with the descriptors (run `npm run generate -w packages/contract`)', async () => {
    const file = path.join(import.meta.dirname, 'client-api.gen.ts');
    const options = { ...(await resolveConfig(file)), filepath: file };
    expect(readFileSync(file, 'utf8')).toBe(await format(renderClientApi(), options));
  });

  it('carries method, path and flags of every endpoint', () => {
    for (const { id, endpoint } of listEndpoints()) {
      const [domain, name] = id.split('.') as [keyof typeof clientApi, string];
      const route = (clientApi[domain] as Record<string, { method: string; path: string; movesMoney?: boolean }>)[name];
      expect(route, id).toMatchObject({ method: endpoint.method, path: endpoint.path });
      expect(route?.movesMoney ?? false, id).toBe(endpoint.movesMoney ?? false);
    }
  });
});
