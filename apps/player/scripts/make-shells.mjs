// Writes dist/shells/<name>.html for every shells/<name>.html: the built index.html with its static boot shell (the
// block between `boot:start` and `boot:end`) replaced, so a route's first paint shows that route's layout and its
// largest image before any JavaScript runs. The server picks the file by path (apps/server/src/app.ts). Run after
// `vite build` (see package.json).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? process.env.PLAYER_OUT_DIR ?? path.join(root, 'dist'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const block = /<!-- boot:start[^>]*-->[\s\S]*<!-- boot:end -->/;
if (!block.test(html)) throw new Error('make-shells: index.html has no boot:start … boot:end block');

/**
 * An `<img data-inline src="/x.svg">` (or .webp) of a shell is written as a data: URL, so the route's largest image
 * paints with the HTML instead of waiting behind the JavaScript chunks for bandwidth (the app keeps the file's URL).
 */
const inlineImages = (shell) =>
  shell.replace(/<img\s+data-inline\s+src="([^"]+\.(svg|webp))"/g, (_, src, type) => {
    const file = path.join(dist, src);
    if (type === 'webp') return `<img src="data:image/webp;base64,${readFileSync(file).toString('base64')}"`;
    const svg = readFileSync(file, 'utf8')
      .replace(/\s*\n\s*/g, ' ')
      .trim();
    return `<img src="data:image/svg+xml,${encodeURIComponent(svg).replace(/%20/g, ' ')}"`;
  });

const inlined = (name, text) => {
  const out = inlineImages(text);
  if (out.includes('data-inline')) throw new Error(`make-shells: ${name} has a data-inline image it could not inline`);
  return out;
};

// index.html's own boot shell (the login layout) paints its logo from the HTML too
writeFileSync(path.join(dist, 'index.html'), inlined('index.html', html));

mkdirSync(path.join(dist, 'shells'), { recursive: true });
const names = readdirSync(path.join(root, 'shells')).filter((f) => f.endsWith('.html'));
for (const name of names) {
  const shell = inlined(name, readFileSync(path.join(root, 'shells', name), 'utf8').trim());
  writeFileSync(
    path.join(dist, 'shells', name),
    html.replace(block, () => shell),
  );
}
console.log(`make-shells: ${names.join(', ')}`);
