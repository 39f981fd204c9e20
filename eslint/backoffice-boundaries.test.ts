import { ESLint } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import backofficeBoundaries, { backofficeFeatures } from './backoffice-boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { '@typescript-eslint': tseslint.plugin },
    },
    ...backofficeBoundaries,
  ],
});

async function lint(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('back-office boundaries (eslint/backoffice-boundaries.js)', () => {
  it('derives the feature zones from the folders under apps/backoffice/src/features', () => {
    expect(backofficeFeatures()).toEqual(expect.arrayContaining(['audit', 'operators', 'settings']));
  });

  it('refuses a feature importing another feature', async () => {
    const messages = await lint(
      'apps/backoffice/src/features/audit/fixture.ts',
      "import { changedFields } from '../settings/json-schema.ts';\nexport const x = changedFields;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*another feature/)]);
  });

  it('refuses a feature importing app/, and a shared layer importing a feature', async () => {
    expect(
      await lint(
        'apps/backoffice/src/features/audit/fixture.ts',
        "import { App } from '../../app/app.tsx';\nexport const x = App;\n",
      ),
    ).toEqual([expect.stringMatching(/features never import app/)]);
    expect(
      await lint(
        'apps/backoffice/src/components/fixture.ts',
        "import page from '../features/audit/audit-page.tsx';\nexport const x = page;\n",
      ),
    ).toEqual([expect.stringMatching(/shared layers .* never import features/)]);
  });

  it('refuses the console importing the player or the server', async () => {
    expect(
      await lint(
        'apps/backoffice/src/lib/fixture.ts',
        "import { App } from '../../../player/src/app/app.tsx';\nexport const x = App;\n",
      ),
    ).toEqual([expect.stringMatching(/the console imports no other app/)]);
  });

  it('lints only the console: the player keeps its own zones (eslint/player-boundaries.js)', async () => {
    expect(
      await lint(
        'apps/player/src/lib/fixture.ts',
        "import { adminCall } from '../../../backoffice/src/lib/api.ts';\nexport const x = adminCall;\n",
      ),
    ).toEqual([]);
  });

  it('lets a feature import its own files and the shared layers', async () => {
    expect(
      await lint(
        'apps/backoffice/src/features/audit/fixture.ts',
        "import { brief } from './changes.ts';\nimport { DataTable } from '../../components/data-table.tsx';\nexport const x = [brief, DataTable];\n",
      ),
    ).toEqual([]);
  });
});
