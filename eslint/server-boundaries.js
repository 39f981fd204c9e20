// Server module boundaries and workspace boundaries (docs/decisions/0009-module-cut.md).
//
// 1. `module-api-only`: code in apps/server/src reaches a module (apps/server/src/modules/<name>/) from outside it
//    only through that module's public file `<name>.api.ts`, never its repository, service or table files; its
//    wiring `<name>.module.ts` (routes, jobs, subscribers) is imported by src/bootstrap/ only.
// 2. `table-owner`: each file apps/server/src/db/schema/<owner>.ts holds the tables of one owner, named by the file:
//    a module (modules/<owner>/) or a platform area (src/<owner>/, e.g. events, jobs, http). Only the owner imports
//    it (and the database layer, src/db/, for foreign keys, the registry and seeding); everyone else calls the
//    owner's <owner>.api.ts. Owners are derived from the folders, so a new module's schema file needs no config.
// 3. `no-workspace-escape`: a relative import never leaves its workspace (apps/<x>, packages/<x>, or the root for
//    the rest); another workspace is reached by its package name (@wallet/contract, ...).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SRC = path.join(ROOT, 'apps', 'server', 'src');
const MODULES = path.join(SERVER_SRC, 'modules');
const DB = path.join(SERVER_SRC, 'db');
const BOOTSTRAP = path.join(SERVER_SRC, 'bootstrap');
const SCHEMA = path.join(DB, 'schema');

/** The workspace of an absolute path: `apps/x`, `packages/x`, `` (the root) or null outside the repository. */
function workspaceOf(file) {
  const rel = path.relative(ROOT, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, name] = rel.split(path.sep);
  return (top === 'apps' || top === 'packages') && name ? `${top}/${name}` : '';
}

/** The module folder name of an absolute path under apps/server/src/modules, else null. */
function moduleOf(file) {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** `rel` split into parts when `file` lies strictly inside `dir`, else null. */
function partsUnder(dir, file) {
  const rel = path.relative(dir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep);
}

/**
 * Who a server source file acts for: `modules/<m>/…` → m; `src/<area>/…` → area; a file directly in src → null.
 */
function ownerOf(file) {
  const inModule = moduleOf(file);
  if (inModule) return inModule;
  const parts = partsUnder(SERVER_SRC, file);
  return parts && parts.length > 1 && parts[0] !== 'modules' ? parts[0] : null;
}

/** The owners a schema file may be named after: the module folders and the platform areas (read from disk). */
function knownOwners() {
  const dirs = (dir) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
      : [];
  return new Set([...dirs(MODULES), ...dirs(SERVER_SRC).filter((d) => d !== 'modules' && d !== 'db')]);
}

/** Calls `check(node, specifier)` for every static or dynamic import / re-export with a string source. */
function importVisitor(check) {
  const visit = (node) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') {
      check(node.source, node.source.value);
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const moduleApiOnly = {
  meta: {
    type: 'problem',
    docs: { description: 'a server module is imported from outside only through its <module>.api.ts' },
    messages: {
      notApi:
        "'{{specifier}}' reaches into module '{{module}}': import its public file modules/{{module}}/{{module}}.api.ts instead",
      moduleWiring:
        "'{{specifier}}' is the wiring of module '{{module}}': only src/bootstrap/ imports it; call modules/{{module}}/{{module}}.api.ts instead",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    return importVisitor((node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      const module = moduleOf(target);
      if (!module || module === own) return;
      const inModule = path.relative(path.join(MODULES, module), target);
      if (inModule === `${module}.api.ts`) return;
      // the wiring (routes, jobs, subscribers) is imported by the module list only (docs/decisions/0028-module-seams.md)
      if (inModule === `${module}.module.ts` && partsUnder(BOOTSTRAP, file)) return;
      context.report({
        node,
        messageId: inModule === `${module}.module.ts` ? 'moduleWiring' : 'notApi',
        data: { specifier, module },
      });
    });
  },
};

const tableOwner = {
  meta: {
    type: 'problem',
    docs: { description: "only a table's owner imports db/schema/<owner>.ts; others call <owner>.api.ts" },
    messages: {
      foreign:
        "'{{specifier}}' holds the tables of '{{owner}}': only {{owner}} queries them; go through its public API (modules/{{owner}}/{{owner}}.api.ts: add a function there)",
      registry: "'{{specifier}}' is the schema registry for the database layer: import the owner's schema file instead",
      unnamed:
        "schema file '{{name}}.ts' is not named after its owner: name it after a module (modules/<name>/) or a platform area (src/<name>/)",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const schemaParts = partsUnder(SCHEMA, file);
    if (schemaParts && schemaParts.length === 1 && /\.ts$/.test(schemaParts[0])) {
      const name = schemaParts[0].replace(/\.ts$/, '');
      if (name !== 'index' && !knownOwners().has(name)) {
        context.report({ loc: { line: 1, column: 0 }, messageId: 'unnamed', data: { name } });
      }
    }
    if (partsUnder(DB, file)) return {};
    const own = ownerOf(file);
    return importVisitor((node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const parts = partsUnder(SCHEMA, path.resolve(path.dirname(file), specifier));
      if (!parts || parts.length !== 1) return;
      const owner = parts[0].replace(/\.(ts|js)$/, '');
      if (owner === 'index') context.report({ node, messageId: 'registry', data: { specifier } });
      else if (owner !== own) context.report({ node, messageId: 'foreign', data: { specifier, owner } });
    });
  },
};

const noWorkspaceEscape = {
  meta: {
    type: 'problem',
    docs: { description: 'a relative import stays inside its workspace' },
    messages: {
      escape: "'{{specifier}}' leaves the workspace {{from}} for {{to}}: import another workspace by its package name",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = workspaceOf(file);
    if (own === null) return {};
    return importVisitor((node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const target = workspaceOf(path.resolve(path.dirname(file), specifier));
      if (target === own) return;
      context.report({
        node,
        messageId: 'escape',
        data: {
          specifier,
          from: own === '' ? 'the root' : own,
          to: target === null ? 'outside the repository' : target === '' ? 'the root' : target,
        },
      });
    });
  },
};

export const boundariesPlugin = {
  meta: { name: 'wallet-boundaries' },
  rules: { 'module-api-only': moduleApiOnly, 'table-owner': tableOwner, 'no-workspace-escape': noWorkspaceEscape },
};

/** Flat-config entries; eslint.config.js spreads them. */
export default [
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'wallet-boundaries': boundariesPlugin },
    rules: { 'wallet-boundaries/no-workspace-escape': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'wallet-boundaries/module-api-only': 'error', 'wallet-boundaries/table-owner': 'error' },
  },
];
