// `npm start`: build the player app when it is missing or older than its sources, then run the server
// (embedded PGlite in ./data, demo data, sandbox providers) on PORT (default 3000).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const player = path.join(root, 'apps/player');
const built = path.join(player, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(player, 'src'), path.join(player, 'public'), path.join(root, 'packages/contract/src')];
const stale = !existsSync(built) || sources.some((dir) => newestMtime(dir) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the player app...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/player'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
