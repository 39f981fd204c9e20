import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKOFFICE_DIR, BACKOFFICE_DIST, playerDistFor, PLAYER_DIR, ROOT_DIR } from './paths.ts';

const SOURCES = [
  path.join(PLAYER_DIR, 'src'),
  path.join(PLAYER_DIR, 'public'),
  path.join(PLAYER_DIR, 'index.html'),
  path.join(PLAYER_DIR, 'vite.config.ts'),
  path.join(ROOT_DIR, 'packages', 'contract', 'src'),
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const SHARED_SOURCES = ['contract', 'ui', 'web-core'].map((name) => path.join(ROOT_DIR, 'packages', name, 'src'));
const BACKOFFICE_SOURCES = [
  path.join(BACKOFFICE_DIR, 'src'),
  path.join(BACKOFFICE_DIR, 'public'),
  path.join(BACKOFFICE_DIR, 'index.html'),
  path.join(BACKOFFICE_DIR, 'vite.config.ts'),
  ...SHARED_SOURCES,
];

const viteBin = () => path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js');

function build(variant: 'th' | 'la', outDir: string): void {
  execFileSync(process.execPath, [viteBin(), 'build', '--logLevel', 'warn'], {
    cwd: PLAYER_DIR,
    stdio: 'inherit',
    env: { ...process.env, VITE_VARIANT: variant, PLAYER_OUT_DIR: outDir },
  });
}

const prepared = new Map<string, string>();

/**
 * A private copy of the player build for this test run, so another engineer's build of apps/player/dist
 * can't swap chunks under a running test. `th` copies apps/player/dist when it is newer than every source
 * (what `npm run test:e2e` just built), else builds; `la` builds with VITE_VARIANT=la (the Lao variant).
 */
export function preparePlayerDist(variant: 'th' | 'la' = 'th'): string {
  const cached = prepared.get(variant);
  if (cached && existsSync(path.join(cached, 'index.html'))) return cached;
  const outDir = mkdtempSync(path.join(tmpdir(), `wallet-player-${variant}-`));
  const shared = playerDistFor(variant);
  const sharedIndex = path.join(shared, 'index.html');
  const isSharedFresh =
    existsSync(sharedIndex) && statSync(sharedIndex).mtimeMs >= Math.max(...SOURCES.map(newestMtime));
  if (variant === 'th' && isSharedFresh) cpSync(shared, outDir, { recursive: true });
  else build(variant, outDir);
  prepared.set(variant, outDir);
  return outDir;
}

let backoffice: string | null = null;

/**
 * A private copy of the operator console build (apps/backoffice/dist when it is newer than its sources and the
 * shared packages, else a fresh `vite build`), served at /admin by every test server (BACKOFFICE_DIST).
 */
export function prepareBackofficeDist(): string {
  if (backoffice && existsSync(path.join(backoffice, 'index.html'))) return backoffice;
  const outDir = mkdtempSync(path.join(tmpdir(), 'wallet-backoffice-'));
  const sharedIndex = path.join(BACKOFFICE_DIST, 'index.html');
  const isFresh =
    existsSync(sharedIndex) && statSync(sharedIndex).mtimeMs >= Math.max(...BACKOFFICE_SOURCES.map(newestMtime));
  if (isFresh) cpSync(BACKOFFICE_DIST, outDir, { recursive: true });
  else {
    execFileSync(process.execPath, [viteBin(), 'build', '--logLevel', 'warn'], {
      cwd: BACKOFFICE_DIR,
      stdio: 'inherit',
      env: { ...process.env, BACKOFFICE_OUT_DIR: outDir },
    });
  }
  backoffice = outDir;
  return outDir;
}
