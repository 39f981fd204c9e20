/**
 * `--old <git-ref>` of the rolling restart: a checkout of the previous release in a git worktree under /tmp, so
 * old and new code run side by side on one database (docs/decisions/0032-rolling-restarts-and-migrations.md).
 * Its node_modules reuse this checkout's packages by symlink when the lockfiles are identical (its own workspace
 * packages, @wallet/*, point at its own tree); otherwise `npm ci` installs them from the npm cache.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const WORKSPACES = ['apps/server', 'apps/player', 'apps/backoffice', 'packages/contract', 'packages/sandbox'];

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The old release's server entry, in a fresh worktree of `ref`; `remove()` deletes the worktree. */
export function checkoutOldRelease(ref: string): { entry: string; commit: string; remove(): void } {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = `/tmp/wallet-old-release-${commit.slice(0, 12)}`;
  if (existsSync(dir)) {
    git('worktree', 'remove', '--force', dir);
  }
  git('worktree', 'add', '--detach', dir, commit);
  const sameLock =
    readFileSync(path.join(dir, 'package-lock.json'), 'utf8') ===
    readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8');
  if (sameLock) linkNodeModules(dir);
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'inherit' });
  return {
    entry: path.join(dir, 'apps/server/src/server.ts'),
    commit,
    remove: () => {
      try {
        git('worktree', 'remove', '--force', dir);
      } catch {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** node_modules of `dir` as symlinks into this checkout's, except the workspace packages, which are `dir`'s own. */
function linkNodeModules(dir: string): void {
  const target = path.join(dir, 'node_modules');
  mkdirSync(target);
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '@wallet') continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(target, name));
  }
  mkdirSync(path.join(target, '@wallet'));
  for (const name of readdirSync(path.join(ROOT, 'node_modules/@wallet'))) {
    const own = readlinkTarget(path.join(ROOT, 'node_modules/@wallet', name));
    symlinkSync(path.join(dir, own), path.join(target, '@wallet', name));
  }
  for (const workspace of WORKSPACES) {
    const nested = path.join(ROOT, workspace, 'node_modules');
    if (existsSync(nested) && existsSync(path.join(dir, workspace))) {
      symlinkSync(nested, path.join(dir, workspace, 'node_modules'));
    }
  }
}

/** `apps/server` for node_modules/@wallet/server → ../../apps/server */
function readlinkTarget(link: string): string {
  return path.relative(
    ROOT,
    path.resolve(path.dirname(link), execFileSync('readlink', [link], { encoding: 'utf8' }).trim()),
  );
}
