import { ESLint } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import playerBoundaries, { playerFeatures } from './player-boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');
// only the boundary rules, on TypeScript sources (the repository config adds style rules on top)
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { '@typescript-eslint': tseslint.plugin },
    },
    ...playerBoundaries,
  ],
});

/** Lints one fixture (source text at a path inside the repository); returns the boundary messages. */
async function lint(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('player boundaries (eslint/player-boundaries.js)', () => {
  it('derives the feature zones from the folders under apps/player/src/features', () => {
    expect(playerFeatures()).toEqual(expect.arrayContaining(['auth', 'game-accounts', 'wallet']));
  });

  it('refuses a feature importing another feature', async () => {
    const messages = await lint(
      'apps/player/src/features/wallet/fixture.ts',
      "import { LoginForm } from '../auth/login-form.tsx';\nexport const x = LoginForm;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*another feature/)]);
  });

  it('refuses a feature importing app/', async () => {
    const messages = await lint(
      'apps/player/src/features/wallet/fixture.ts',
      "import { App } from '../../app/app.tsx';\nexport const x = App;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/no-restricted-paths: .*features never import app/)]);
  });

  it('refuses the ui kit (packages/ui) importing a feature', async () => {
    const messages = await lint(
      'packages/ui/src/fixture.tsx',
      "import { TransferForm } from '../../../apps/player/src/features/wallet/transfer-form.tsx';\nexport const x = TransferForm;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/no-restricted-paths: .*the shared web packages never import/)]);
  });

  it('refuses a shared layer (lib) importing a feature', async () => {
    const messages = await lint(
      'apps/player/src/lib/fixture.ts',
      "import { usePlayGame } from '../features/game-accounts/use-play-game.ts';\nexport const x = usePlayGame;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/no-restricted-paths: .*shared layers/)]);
  });

  it('refuses the player importing the console or the server by path', async () => {
    const messages = await lint(
      'apps/player/src/lib/fixture.ts',
      "import { adminCall } from '../../../backoffice/src/lib/api.ts';\nexport const x = adminCall;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/no-restricted-paths: .*the player imports no other app/)]);
  });

  it('refuses a shared layer (testing) importing a feature', async () => {
    const messages = await lint(
      'apps/player/src/testing/fixture.ts',
      "import { usePlayGame } from '../features/game-accounts/use-play-game.ts';\nexport const x = usePlayGame;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/no-restricted-paths: .*shared layers/)]);
  });

  it('lets a feature import its own files, shared layers and the packages', async () => {
    const messages = await lint(
      'apps/player/src/features/wallet/fixture.ts',
      [
        "import { TransferForm } from './transfer-form.tsx';",
        "import { storage } from '../../lib/storage.ts';",
        "import { paths } from '../../config/paths.ts';",
        "import { useWallet } from '../../api/wallet.ts';",
        "import { Button } from '@wallet/ui/button';",
        "import { presentError } from '@wallet/web-core/present-error';",
        'export const x = [TransferForm, storage, paths, useWallet, Button, presentError];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
