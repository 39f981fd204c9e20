// Back-office layering, like the player's (eslint/player-boundaries.js):
//   shared (components, lib, locales, and the packages @wallet/ui, @wallet/web-core) → features → app
// A feature never imports another feature (the shell finds features with import.meta.glob, which is not an
// import); the feature list is read from the folder, so a new feature is covered the day its folder appears.
// The console never imports the player app or server code, and the player never imports the console.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const ROOT = path.resolve(import.meta.dirname, '..');
const BACKOFFICE = './apps/backoffice/src';
const FEATURES = `${BACKOFFICE}/features`;
const SHARED_LAYERS = ['components', 'lib', 'locales', 'testing'].map((layer) => `${BACKOFFICE}/${layer}`);

/** every folder under apps/backoffice/src/features is one feature zone */
export const backofficeFeatures = () =>
  existsSync(path.join(ROOT, FEATURES))
    ? readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];

const zones = [
  ...backofficeFeatures().map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`],
    message: 'a back-office feature never imports another feature: share through components/ or lib/',
  })),
  { target: FEATURES, from: `${BACKOFFICE}/app`, message: 'features never import app/ (the shell discovers features)' },
  {
    target: SHARED_LAYERS,
    from: [FEATURES, `${BACKOFFICE}/app`],
    message: 'shared layers (components, lib, locales, testing) never import features or app/',
  },
  {
    target: './apps/backoffice',
    from: ['./apps/player', './apps/server'],
    message: 'the console imports no other app',
  },
];

export default [
  {
    // the console's files only: flat config lets a later block replace a rule for the same file, so a block that
    // also matched the player would silently swap the player's zones for these (eslint/boundaries-config.test.ts)
    files: ['apps/backoffice/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
    },
  },
  {
    files: ['apps/backoffice/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wallet/server*', '@wallet/sandbox*', '@wallet/player*', 'drizzle*', 'fastify*'],
              message: 'server or player code in the console',
            },
          ],
        },
      ],
    },
  },
];
