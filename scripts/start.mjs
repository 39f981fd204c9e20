// `npm start`: build the player app and the operator console when missing or older than their sources, then run
// the server (embedded PGlite in ./data, demo data, sandbox providers) on PORT (default 3000).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const shared = ['packages/contract/src', 'packages/ui/src', 'packages/web-core/src'].map((dir) => path.join(root, dir));
const apps = [
  { name: 'the player app', workspace: 'apps/player', sources: ['src', 'public'] },
  { name: 'the operator console', workspace: 'apps/backoffice', sources: ['src'] },
];
for (const app of apps) {
  const dir = path.join(root, app.workspace);
  const built = path.join(dir, 'dist/index.html');
  const sources = [...app.sources.map((s) => path.join(dir, s)), ...shared].filter((s) => existsSync(s));
  const stale = !existsSync(built) || sources.some((s) => newestMtime(s) > statSync(built).mtimeMs);
  if (!stale) continue;
  console.log(`Building ${app.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
