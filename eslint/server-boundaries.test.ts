import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import serverBoundaries from './server-boundaries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...serverBoundaries],
});

/** The boundary rules that fire when `code` sits at `file` (repository-relative; the file need not exist). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const API_ONLY = 'wallet-boundaries/module-api-only';
const ESCAPE = 'wallet-boundaries/no-workspace-escape';
const TABLES = 'wallet-boundaries/table-owner';

describe('server module boundaries', () => {
  it("refuses a module importing another module's repository", async () => {
    const code = "import { walletSnapshot } from '../wallet/wallet.repository.ts';\nexport { walletSnapshot };\n";
    expect(await violations('apps/server/src/modules/statement/fixture.ts', code)).toEqual([API_ONLY]);
  });

  it("refuses a module importing another module's table or service file, re-exports and dynamic imports too", async () => {
    const code = [
      "import { ledgerTables } from '../ledger/ledger.tables.ts';",
      "export { LedgerService } from '../ledger/ledger.service.ts';",
      "export const later = () => import('../ledger/invariants.ts');",
      'export { ledgerTables };',
    ].join('\n');
    expect(await violations('apps/server/src/modules/wallet/fixture.ts', code)).toEqual([API_ONLY, API_ONLY, API_ONLY]);
  });

  it('refuses code outside modules/ reaching into a module', async () => {
    const code = "import { SessionService } from '../modules/auth/session.service.ts';\nexport { SessionService };\n";
    expect(await violations('apps/server/src/http/fixture.ts', code)).toEqual([API_ONLY]);
  });

  it("accepts another module's *.api.ts and the module's own files", async () => {
    const code = [
      "import { LedgerService } from '../ledger/ledger.api.ts';",
      "import { walletSnapshot } from './wallet.repository.ts';",
      "import { AppError } from '../../errors.ts';",
      'export { LedgerService, walletSnapshot, AppError };',
    ].join('\n');
    expect(await violations('apps/server/src/modules/wallet/fixture.ts', code)).toEqual([]);
  });

  it("lets only src/bootstrap import a module's wiring (<module>.module.ts)", async () => {
    const fromBootstrap =
      "import { walletModule } from '../modules/wallet/wallet.module.ts';\nexport { walletModule };\n";
    expect(await violations('apps/server/src/bootstrap/fixture.ts', fromBootstrap)).toEqual([]);
    const fromModule = "import { walletModule } from '../wallet/wallet.module.ts';\nexport { walletModule };\n";
    expect(await violations('apps/server/src/modules/statement/fixture.ts', fromModule)).toEqual([API_ONLY]);
    const fromHttp = "import { walletModule } from '../modules/wallet/wallet.module.ts';\nexport { walletModule };\n";
    expect(await violations('apps/server/src/http/fixture.ts', fromHttp)).toEqual([API_ONLY]);
  });

  it("refuses a module's api file of the wrong name (only <module>.api.ts is public)", async () => {
    const code = "import { x } from '../ledger/other.api.ts';\nexport { x };\n";
    expect(await violations('apps/server/src/modules/wallet/fixture.ts', code)).toEqual([API_ONLY]);
  });
});

describe('table ownership (db/schema/<owner>.ts)', () => {
  it("refuses a module importing another module's table file, static, re-export or dynamic", async () => {
    const code = [
      "import { members } from '../../db/schema/account.ts';",
      "export { ledgerEntries } from '../../db/schema/ledger.ts';",
      "export const later = () => import('../../db/schema/settings.ts');",
      'export { members };',
    ].join('\n');
    expect(await violations('apps/server/src/modules/wallet/fixture.ts', code)).toEqual([TABLES, TABLES, TABLES]);
  });

  it('refuses platform code importing a module table, and a module importing a platform table', async () => {
    const fromBootstrap = "import { members } from '../db/schema/account.ts';\nexport { members };\n";
    expect(await violations('apps/server/src/bootstrap/fixture.ts', fromBootstrap)).toEqual([TABLES]);
    const fromModule = "import { outboxEvents } from '../../db/schema/events.ts';\nexport { outboxEvents };\n";
    expect(await violations('apps/server/src/modules/ledger/fixture.ts', fromModule)).toEqual([TABLES]);
  });

  it('refuses the registry (db/schema/index.ts) outside the database layer', async () => {
    const code = "import * as schema from '../../db/schema/index.ts';\nexport { schema };\n";
    expect(await violations('apps/server/src/modules/wallet/fixture.ts', code)).toEqual([TABLES]);
  });

  it("accepts the owner's own tables, by module or platform area, and the database layer's imports", async () => {
    const inModule = "import { ledgerEntries } from '../../db/schema/ledger.ts';\nexport { ledgerEntries };\n";
    expect(await violations('apps/server/src/modules/ledger/fixture.ts', inModule)).toEqual([]);
    const inArea = "import { outboxEvents } from '../db/schema/events.ts';\nexport { outboxEvents };\n";
    expect(await violations('apps/server/src/events/fixture.ts', inArea)).toEqual([]);
    const foreignKey = "import { members } from './account.ts';\nexport { members };\n";
    expect(await violations('apps/server/src/db/schema/ledger.ts', foreignKey)).toEqual([]);
  });

  it('refuses a schema file not named after a module or platform area (owners read from the folders)', async () => {
    expect(await violations('apps/server/src/db/schema/core.ts', 'export const x = 1;\n')).toEqual([TABLES]);
    expect(await violations('apps/server/src/db/schema/spin-wheel.ts', 'export const x = 1;\n')).toEqual([]);
    expect(await violations('apps/server/src/db/schema/jobs.ts', 'export const x = 1;\n')).toEqual([]);
  });
});

describe('workspace boundaries', () => {
  it('refuses a relative import into another workspace, from any workspace', async () => {
    const fromServer = "import { api } from '../../../../packages/contract/src/api.ts';\nexport { api };\n";
    expect(await violations('apps/server/src/http/fixture.ts', fromServer)).toEqual([ESCAPE]);
    const fromPlayer = "import { x } from '../../server/src/app.ts';\nexport { x };\n";
    expect(await violations('apps/player/src/fixture.ts', fromPlayer)).toEqual([ESCAPE]);
    const fromPackage = "import { x } from '../../sandbox/src/games/games-plugin.ts';\nexport { x };\n";
    expect(await violations('packages/contract/src/fixture.ts', fromPackage)).toEqual([ESCAPE]);
    const fromRoot = "import { x } from '../apps/server/src/app.ts';\nexport { x };\n";
    expect(await violations('e2e/fixture.ts', fromRoot)).toEqual([ESCAPE]);
  });

  it('accepts relative imports inside the workspace and package names across workspaces', async () => {
    const code = [
      "import { api } from '@wallet/contract/api';",
      "import { AppError } from '../errors.ts';",
      "import { helper } from '../../test/helpers/test-app.ts';",
      'export { api, AppError, helper };',
    ].join('\n');
    expect(await violations('apps/server/src/http/fixture.ts', code)).toEqual([]);
  });
});
