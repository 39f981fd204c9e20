import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShutdown } from '../../src/lib/shutdown.ts';

/** ADR 0016: SIGTERM stops the server whatever happened to stdout; a stuck close exits after the deadline. */
const SERVER = path.join(import.meta.dirname, '../../src/server.ts');

describe('shutdown', () => {
  afterEach(() => vi.useRealTimers());

  it('stops on SIGTERM after the reader of its stdout went away (EPIPE)', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-shutdown-'));
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        JOBS: 'false',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        child.stdout.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes('Member wallet is running')) resolve();
        });
        child.on('exit', () => reject(new Error(`server exited before it was ready: ${seen}`)));
      });
      child.stdout.destroy(); // the log reader goes away: the next write to stdout fails with EPIPE
      child.kill('SIGTERM');
      const deadline = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000));
      expect(await Promise.race([exited, deadline])).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('exits 1 when closing outlives the 10 s deadline', async () => {
    vi.useFakeTimers();
    const exits: number[] = [];
    const shutdown = createShutdown({
      close: () => new Promise(() => {}),
      log: () => {},
      exit: (code) => exits.push(code),
    });
    void shutdown('SIGTERM');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
  });

  it('shuts down once even when the log throws, and exits 0 after closing', async () => {
    const exits: number[] = [];
    let closes = 0;
    const shutdown = createShutdown({
      close: async () => void closes++,
      log: () => {
        throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
      },
      exit: (code) => exits.push(code),
    });
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT')]);
    expect({ closes, exits }).toEqual({ closes: 1, exits: [0] });
  });
});
