// Player layering, after bulletproof-react's `import/no-restricted-paths` zones (CODE_STYLE.md):
//   shared (components, lib, config, api, locales, and the packages @wallet/ui, @wallet/web-core) → features → app
// A feature never imports another feature; the feature list is read from the folder, so a new feature is
// covered the day its folder appears. Shared layers and the packages never import a feature or app/.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const ROOT = path.resolve(import.meta.dirname, '..');
const PLAYER = './apps/player/src';
const FEATURES = `${PLAYER}/features`;
const SHARED_LAYERS = ['components', 'lib', 'config', 'api', 'locales', 'testing'].map((layer) => `${PLAYER}/${layer}`);
const PACKAGES = ['./packages/ui', './packages/web-core'];

/** every folder under apps/player/src/features is one feature zone */
export const playerFeatures = () =>
  readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const zones = [
  ...playerFeatures().map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`],
    message: 'a feature never imports another feature: compose them in app/ and wire callbacks',
  })),
  { target: FEATURES, from: `${PLAYER}/app`, message: 'features never import app/ (app composes features)' },
  {
    target: SHARED_LAYERS,
    from: [FEATURES, `${PLAYER}/app`],
    message: 'shared layers (components, lib, config, api, locales, testing) never import features or app/',
  },
  {
    target: PACKAGES,
    from: './apps',
    message: 'the shared web packages never import an app (features, app/ or anything else)',
  },
  { target: './packages/web-core', from: './packages/ui', message: '@wallet/web-core sits below @wallet/ui' },
  { target: './apps/player', from: ['./apps/backoffice', './apps/server'], message: 'the player imports no other app' },
];

export default [
  {
    files: ['apps/player/src/**', 'packages/ui/**', 'packages/web-core/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
    },
  },
  {
    // tests and their helpers may parse with the contract's schemas (zod); the browser bundle still may not
    files: ['apps/player/src/testing/**', 'apps/player/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wallet/server*', '@wallet/sandbox*', 'drizzle*', 'fastify*'],
              message: 'server code in the player',
            },
          ],
        },
      ],
    },
  },
];
