// Server module boundaries and workspace boundaries (docs/decisions/0009-module-cut.md).
//
// 1. `module-api-only`: code in apps/server/src reaches a module (apps/server/src/modules/<name>/) from outside it
//    only through that module's public file `<name>.api.ts`, never its repository, service or table files.
// 2. `no-workspace-escape`: a relative import never leaves its workspace (apps/<x>, packages/<x>, or the root for
//    the rest); another workspace is reached by its package name (@wallet/contract, ...).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(ROOT, 'apps', 'server', 'src', 'modules');

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
      if (path.relative(path.join(MODULES, module), target) === `${module}.api.ts`) return;
      context.report({ node, messageId: 'notApi', data: { specifier, module } });
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
  rules: { 'module-api-only': moduleApiOnly, 'no-workspace-escape': noWorkspaceEscape },
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
    rules: { 'wallet-boundaries/module-api-only': 'error' },
  },
];
