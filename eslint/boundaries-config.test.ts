// The zones through the repository's REAL eslint.config.js, not the boundary blocks alone: in flat config a later
// block that matches the same file replaces an earlier block's rule, so a block of one app that also matched the
// other app's files would swap that app's zones away without any unit test of the block noticing.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lints source text as if it were the file at `filePath`; returns every message as `rule: text`. */
async function lint(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const refused = (message: RegExp) => [
  expect.stringMatching(new RegExp(`^import-x/no-restricted-paths: .*${message.source}`)),
];

describe('feature zones through eslint.config.js', () => {
  // the whole config loads once per file; generous for a loaded machine
  const slow = { timeout: 60_000 };

  describe('player (apps/player/src)', () => {
    it('refuses a feature importing another feature', slow, async () => {
      const messages = await lint(
        'apps/player/src/features/wallet/planted.ts',
        "import { LoginForm } from '../auth/login-form.tsx';\nexport const planted = LoginForm;\n",
      );
      expect(messages).toEqual(refused(/a feature never imports another feature/));
    });

    it('refuses a shared layer (lib, testing) importing a feature', slow, async () => {
      const fromLib = await lint(
        'apps/player/src/lib/planted.ts',
        "import { totalBalance } from '../features/wallet/total-balance.ts';\nexport const planted = totalBalance;\n",
      );
      expect(fromLib).toEqual(refused(/shared layers/));
      const fromTesting = await lint(
        'apps/player/src/testing/planted.ts',
        "import { LoginForm } from '../features/auth/login-form.tsx';\nexport const planted = LoginForm;\n",
      );
      expect(fromTesting).toEqual(refused(/shared layers/));
    });

    it('refuses the player importing the console', slow, async () => {
      const messages = await lint(
        'apps/player/src/features/wallet/planted.ts',
        "import { bangkokDay } from '../../../../backoffice/src/lib/bangkok.ts';\nexport const planted = bangkokDay;\n",
      );
      // the workspace rule (eslint/server-boundaries.js) refuses the same path escape too
      expect(messages).toEqual(expect.arrayContaining(refused(/the player imports no other app/)));
    });

    it('lets a feature import its own files, shared layers and the test fixtures', slow, async () => {
      const messages = await lint(
        'apps/player/src/features/wallet/planted.test.ts',
        [
          "import { totalBalance } from './total-balance.ts';",
          "import { storage } from '../../lib/storage.ts';",
          "import { walletFixture } from '../../testing/wallet-fixture.ts';",
          'export const planted = [totalBalance, storage, walletFixture];',
          '',
        ].join('\n'),
      );
      expect(messages).toEqual([]);
    });

    it('lets app/ compose features', slow, async () => {
      const messages = await lint(
        'apps/player/src/app/planted.ts',
        "import { LoginForm } from '../features/auth/login-form.tsx';\nexport const planted = LoginForm;\n",
      );
      expect(messages).toEqual([]);
    });
  });

  describe('back office (apps/backoffice/src)', () => {
    it('refuses a feature importing another feature', slow, async () => {
      const messages = await lint(
        'apps/backoffice/src/features/audit/planted.ts',
        "import { RolesDialog } from '../operators/roles-dialog.tsx';\nexport const planted = RolesDialog;\n",
      );
      expect(messages).toEqual(refused(/a back-office feature never imports another feature/));
    });

    it('refuses a shared layer (components, lib) importing a feature', slow, async () => {
      const fromComponents = await lint(
        'apps/backoffice/src/components/planted.ts',
        "import { changedFields } from '../features/audit/changes.ts';\nexport const planted = changedFields;\n",
      );
      expect(fromComponents).toEqual(refused(/shared layers/));
      const fromLib = await lint(
        'apps/backoffice/src/lib/planted.ts',
        "import { RolesDialog } from '../features/operators/roles-dialog.tsx';\nexport const planted = RolesDialog;\n",
      );
      expect(fromLib).toEqual(refused(/shared layers/));
    });

    it('lets a feature import its own files and shared layers', slow, async () => {
      const messages = await lint(
        'apps/backoffice/src/features/audit/planted.ts',
        [
          "import { changedFields } from './changes.ts';",
          "import { bangkokDay } from '../../lib/bangkok.ts';",
          'export const planted = [changedFields, bangkokDay];',
          '',
        ].join('\n'),
      );
      expect(messages).toEqual([]);
    });
  });
});
