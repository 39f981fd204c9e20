import { GAME_CODES } from '@wallet/contract/limits';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameSandbox, type GameSandbox } from '../../../test/helpers/game-sandbox.ts';
import { loadConfig } from '../../config/env.ts';
import { createGameProviders } from './create-game-providers.ts';

const configFor = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'games-config-')), ...env });

let sandbox: GameSandbox;
beforeAll(async () => {
  sandbox = await startGameSandbox();
});
afterAll(() => sandbox.close());

describe('createGameProviders', () => {
  it('builds one adapter per game that reaches the sandbox at PUBLIC_URL with the provider secret', async () => {
    const config = configFor({ PUBLIC_URL: sandbox.origin, PROVIDER_SECRET: sandbox.secret });
    const providers = createGameProviders(config, { timeoutMs: 10_000 });
    expect([...providers.keys()]).toEqual([...GAME_CODES]);
    const huay = providers.get('huayhd');
    expect(huay?.game).toBe('huayhd');
    await huay?.createPlayer('agt_dave', 'secret-1');
    expect(await huay?.deposit('agt_dave', 300n, 'CG-1')).toMatchObject({ kind: 'ok', balanceAfter: 300n });
    expect(sandbox.store.player('huayhd', 'agt_dave')?.balance).toBe(300n);
  });

  it('takes an explicit base URL, and demands one for live providers', async () => {
    const config = configFor({ PROVIDERS: 'live', PROVIDER_SECRET: 'some-live-secret-0000' });
    expect(() => createGameProviders(config)).toThrow(/baseUrl/);
    const providers = createGameProviders(config, { baseUrl: sandbox.baseUrl, secret: sandbox.secret });
    sandbox.store.createPlayer('usun', 'agt_erin', 'secret-1');
    expect((await providers.get('usun')?.balance('agt_erin'))?.balance).toBe(0n);
  });
});
