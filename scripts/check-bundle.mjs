// Bundle budget (docs/design.md §8): JS loaded for /login and for /user/home ≤ 160 KiB gzip each; all routes ≤ 380 KiB (docs/decisions/0047-all-routes-bundle-budget.md).
// Reads the Vite manifest of apps/player/dist and follows static imports from the entry and each route module.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/player', process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = new Map();
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gz.get(file);
};
const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
};
const kib = (bytes) => (bytes / 1024).toFixed(1);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const route = (name) => Object.keys(manifest).find((k) => k.endsWith(`app/routes/${name}.tsx`));
// the app also fetches its first language before rendering (Thai by default)
const language = Object.keys(manifest).find((k) => k.endsWith('locales/th.ts'));
// a screen's own string namespace loads beside its route (apps/player/src/app/router.tsx: withStrings)
const strings = (namespace) => Object.keys(manifest).find((k) => k.endsWith(`locales/th/${namespace}.json`));
const loads = {
  '/login': [entryKey, language, route('signed-out-layout'), route('login'), strings('auth')],
  '/user/home': [entryKey, language, route('user/member-layout'), route('user/home')],
};
let failed = false;
for (const [page, keys] of Object.entries(loads)) {
  const total = [...closure(keys.filter(Boolean))].reduce((sum, f) => sum + size(f), 0);
  const ok = total <= 160 * 1024;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${page}: ${kib(total)} KiB gzip (budget 160)`);
}
const all = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .reduce((sum, c) => sum + size(c.file), 0);
failed ||= all > 380 * 1024;
console.log(`${all <= 380 * 1024 ? 'ok  ' : 'OVER'} all routes: ${kib(all)} KiB gzip (budget 380)`);
// the operator API (packages/contract/src/admin) never ships to players (docs/decisions/0012)
const adminIn = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .filter((c) => readFileSync(path.join(dist, c.file), 'utf8').includes('/api/admin'))
  .map((c) => c.file);
failed ||= adminIn.length > 0;
console.log(
  `${adminIn.length === 0 ? 'ok  ' : 'FAIL'} no admin routes in the player bundle${adminIn.length ? `: ${adminIn.join(', ')}` : ''}`,
);
process.exit(failed ? 1 : 0);
