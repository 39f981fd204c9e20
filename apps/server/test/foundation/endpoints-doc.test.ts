/**
 * docs/endpoints.md is generated here: every contract descriptor (player and admin API) and every route the
 * Fastify app actually registers (webhooks, signed-link GETs, sandbox, health…), with who may call it, the module
 * that serves it and the file that holds its handler. The test fails when the file differs from what it would
 * write; `npm run docs:generate` rewrites it.
 */
import { listAdminEndpoints } from '@wallet/contract/admin/admin-api';
import { listEndpoints } from '@wallet/contract/api';
import type { Access, Endpoint } from '@wallet/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import type * as FastifyModule from 'fastify';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { modules as defaultModules } from '../../src/bootstrap/modules.ts';
import type { ModuleFactory } from '../../src/http/handlers.ts';
import { platformJobs } from '../../src/jobs/platform-jobs.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Seen = { method: string; url: string; module?: string };
const seen = vi.hoisted(() => [] as Seen[]);

// every route the app registers, from the root instance's onRoute hook (inherited by every plugin)
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const make = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const wrapped = (...args: unknown[]) => {
    const app = make(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) seen.push({ method, url: route.url });
    });
    return app;
  };
  return { ...original, default: wrapped, fastify: wrapped };
});

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SRC = path.join(ROOT, 'apps/server/src');
const TARGET = path.join(ROOT, 'docs/endpoints.md');
const REGENERATE = 'npm run docs:generate';

/** module plugins tagged with their module's name, so a route outside the contract names its owner */
const tagged: ModuleFactory[] = defaultModules.map((factory) => (ctx) => {
  const module = factory(ctx);
  const plugin = module.plugin;
  if (!plugin) return module;
  return {
    ...module,
    plugin: async (app) => {
      app.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) seen.push({ method, url: route.url, module: module.name });
      });
      await plugin(app);
    },
  };
});

function sourceFiles(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const SANDBOX = path.join(ROOT, 'packages/sandbox/src');
const files = [...sourceFiles(SRC), ...sourceFiles(SANDBOX)].map((file) => ({
  file: path.relative(ROOT, file),
  text: readFileSync(file, 'utf8'),
}));
/** the first source file (under `within`, when given) that contains the text */
const fileWith = (needle: string, within = 'apps/server/src/') =>
  files.find(({ file, text }) => file.startsWith(within) && text.includes(needle))?.file;

/** where a module's own files live */
function folderOf(module: string | undefined): string {
  if (module === 'sandbox') return 'packages/sandbox/src/';
  if (module && files.some(({ file }) => file.startsWith(`apps/server/src/modules/${module}/`)))
    return `apps/server/src/modules/${module}/`;
  return 'apps/server/src/';
}

/** A route registered under a prefix names only its tail in the source: try the longest tail first. */
function routeFile(url: string, module: string | undefined): string | undefined {
  const within = folderOf(module);
  const segments = url.split('/').filter(Boolean);
  for (let from = 0; from < segments.length; from++) {
    const tail = `/${segments.slice(from).join('/')}`;
    // a one-segment tail is looked for only in the module's own folder
    if (from > 0 && segments.length - from < 2 && within === 'apps/server/src/') break;
    const hit = fileWith(`'${tail}'`, within) ?? fileWith(`\`${tail}\``, within);
    if (hit) return hit;
  }
  return undefined;
}

function accessOf(access: Access): string {
  if (access === 'public' || access === 'member') return access;
  return access.operator.length === 0 ? 'operator (any role)' : `operator: ${access.operator.join(', ')}`;
}

/** Who may call a route outside the contract: each of these checks its caller itself. */
function outsideAccess(url: string): string {
  if (url.startsWith('/api/webhooks/')) return 'provider (signed webhook)';
  if (url.startsWith('/sandbox')) return url.includes('/_') ? 'sandbox control: loopback or X-Sandbox-Key' : 'sandbox';
  if (url === '/metrics') return 'METRICS_TOKEN or loopback';
  if (/sig|signed|media|slip/i.test(url) && url.startsWith('/api/')) return 'signed link or own check';
  return 'public';
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

function render(t: TestApp): string {
  const contract: Array<{ id: string; endpoint: Endpoint }> = [...listEndpoints(), ...listAdminEndpoints()];
  const moduleOf = new Map<string, string>();
  for (const module of t.modules) for (const id of Object.keys(module.handlers ?? {})) moduleOf.set(id, module.name);
  const contractKeys = new Set(contract.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`));

  const contractRows = contract
    .map(({ id, endpoint }) => {
      const within = folderOf(moduleOf.get(id));
      const handler = fileWith(`'${id}':`, within) ?? fileWith(`'${id}':`) ?? '—';
      return `| \`${id}\` | ${endpoint.method} | \`${cell(endpoint.path)}\` | ${accessOf(endpoint.access)} | ${
        moduleOf.get(id) ?? '**unimplemented**'
      } | ${handler === '—' ? '—' : `\`${handler}\``} |`;
    })
    .sort();

  const owner = new Map<string, string | undefined>();
  for (const s of seen) {
    if (s.method === 'HEAD' || s.method === 'OPTIONS') continue;
    // the files of the player and console builds, one route each when a build is present (http/serve-spa.ts):
    // not endpoints, and the page must read the same with or without a build
    if (!s.module && s.method === 'GET' && /\.[a-z0-9]{2,12}$/i.test(s.url) && !/^\/(api|sandbox)\//.test(s.url)) {
      continue;
    }
    // likewise the console's `/admin` → `/admin/` redirect, registered with its build
    if (!s.module && s.url === '/admin') continue;
    const key = `${s.method} ${s.url}`;
    if (contractKeys.has(key)) continue;
    if (!owner.has(key) || s.module) owner.set(key, s.module ?? owner.get(key));
  }
  const outsideRows = [...owner.entries()]
    .map(([key, module]) => {
      const [method, url] = key.split(' ') as [string, string];
      const handler = routeFile(url, module) ?? '—';
      return `| ${method} | \`${cell(url)}\` | ${outsideAccess(url)} | ${module ?? 'platform'} | ${
        handler === '—' ? '—' : `\`${handler}\``
      } |`;
    })
    .sort((a, b) => a.split('|')[2]!.localeCompare(b.split('|')[2]!) || a.localeCompare(b));

  return [
    '# Endpoints',
    '',
    `Generated by \`apps/server/test/foundation/endpoints-doc.test.ts\` from the contract descriptors`,
    '(`packages/contract`) and the routes the server registers; do not edit by hand. Regenerate with',
    `\`${REGENERATE}\` after adding or moving an endpoint (the test fails until you do).`,
    '',
    'Access: `public` (anyone), `member` (a player session), `operator: roles` (an operator session holding one of',
    'the roles; ADR 0012). The socket.io endpoint `/socket.io` is served by the realtime gateway on the same port',
    '(`apps/server/src/realtime/`, ADR 0015) and is not a Fastify route.',
    '',
    `## In the contract (${contractRows.length})`,
    '',
    '| id | method | path | access | module | handler |',
    '| --- | --- | --- | --- | --- | --- |',
    ...contractRows,
    '',
    `## Outside the contract (${outsideRows.length})`,
    '',
    'Routes a module or the platform registers itself (webhooks, signed links, files, the sandbox, health). They',
    'check their callers themselves; the access column says how.',
    '',
    '| method | path | access | module | handler |',
    '| --- | --- | --- | --- | --- |',
    ...outsideRows,
    '',
  ].join('\n');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ modules: tagged });
  await t.app.ready();
});
afterAll(() => t.close());

describe('docs/endpoints.md', () => {
  it('lists every endpoint of the contract and every registered route', async () => {
    // formatted as `npm run lint` (prettier --check) expects it
    const text = await format(render(t), { ...(await resolveConfig(TARGET)), filepath: TARGET });
    if (process.env.UPDATE_DOCS) writeFileSync(TARGET, text);
    let current = '';
    try {
      current = readFileSync(TARGET, 'utf8');
    } catch {
      // a missing file differs like any other
    }
    expect(current === text, `docs/endpoints.md is out of date: run \`${REGENERATE}\``).toBe(true);
  });

  it('docs/platform.md names every background job', () => {
    const page = readFileSync(path.join(ROOT, 'docs/platform.md'), 'utf8');
    const jobs = [...platformJobs({ db: t.ctx.db, clock: t.clock }), ...t.modules.flatMap((m) => m.jobs ?? [])];
    expect(jobs.map((job) => job.name).filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });
});
