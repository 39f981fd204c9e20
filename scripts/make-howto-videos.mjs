// `npm run videos`: records the five how-to clips of docs/spec.md §2 from the real app, once per language, into
// apps/player/public/videos/{code}.mp4 (Thai, the base content: settings keep their /videos/{code}.mp4 URLs) and
// videos/la/{code}.mp4, videos/en/{code}.mp4 (the content translations' URLs), a poster beside each (.jpg, .webp).
//
//   npm run videos                      # every language and clip (builds the player first if it has no build)
//   npm run videos -- --lang=en wallet  # one language, one clip
//
// It starts the real server on the built player (PGlite, demo data, like `npm run lighthouse`), signs in as the demo
// member and drives Debian's Chromium (playwright-core, /usr/bin/chromium) at 390×844: each step is a screenshot of
// the app (a ring marks what to tap, then the script taps it), so the clips show the screens exactly as the app draws
// them, in the app's own fonts (no missing glyphs). Debian's ffmpeg joins the frames into a short H.264 clip
// (10 fps, still-image tuning: about 30–90 KB each). Nothing is downloaded. The clips are committed (about 1 MB for
// all 15): run this again whenever the screens change.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/player/dist');
const outRoot = path.join(root, 'apps/player/public/videos');
const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const VIEWPORT = { width: 390, height: 844 };
const MAX_BYTES = 200 * 1024;
const DEMO = { username: '0812345678', password: 'demo-password' };

const langArg = process.argv.find((a) => a.startsWith('--lang='))?.split('=')[1];
const LANGUAGES = langArg ? langArg.split(',') : ['th', 'la', 'en'];
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

/**
 * Each clip is a list of steps on the real app: `go` opens a path, `ring` marks an element (a frame is taken with
 * the ring on it) and `tap` then taps it; every step ends with a frame of the screen. `hold` is seconds on screen.
 */
// the bottom menu's second item: the conditions modal (the widget grid is a nav too)
const NAV_CONDITIONS = 'nav.fixed li:nth-child(2) button';
const CLIPS = {
  wallet: [{ go: '/user/home', ring: '[data-testid=widget-deposit]', tap: true }, { hold: 2.4 }],
  play: [
    { go: '/user/home', ring: '[data-testid^=game-card-]', tap: true },
    { ring: '[data-testid=game-activate]', hold: 2.4 },
  ],
  balance: [
    { go: '/user/home', ring: '[data-testid=total-balance]' },
    { ring: '[data-testid=check-balance]', tap: true },
    { ring: 'a[href="/user/statement"]', tap: true },
    { hold: 2.4 },
  ],
  bonus: [{ go: '/user/home', ring: '[data-testid=widget-bonus]', tap: true }, { hold: 2.4 }],
  'cancel-bonus': [{ go: '/user/home', ring: NAV_CONDITIONS, tap: true }, { hold: 2.8 }],
};

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr?.toString().slice(-2000)}`);
}

/** The clip's title over the dimmed home screen: the first frame, in the language's own strings and fonts. */
async function titleCard(page, title, description) {
  await page.evaluate(
    ({ title, description }) => {
      const card = document.createElement('div');
      card.id = 'howto-title';
      card.innerHTML = `<div><b></b><p></p></div>`;
      card.querySelector('b').textContent = title;
      card.querySelector('p').textContent = description;
      Object.assign(card.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '9999',
        display: 'grid',
        placeItems: 'center',
        padding: '32px',
        textAlign: 'center',
        background: 'rgb(7 10 20 / 0.82)',
        backdropFilter: 'blur(6px)',
      });
      Object.assign(card.querySelector('b').style, { display: 'block', fontSize: '30px', color: '#f5b700' });
      Object.assign(card.querySelector('p').style, { marginTop: '12px', fontSize: '16px', color: '#f3f5fb' });
      document.body.append(card);
    },
    { title, description },
  );
}

/** A pulsing-ring look-alike: a gold ring around the element the next tap goes to. */
async function ringOn(page, selector) {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`nothing to ring: ${selector}`);
  await page.evaluate((b) => {
    const ring = document.createElement('div');
    ring.id = 'howto-ring';
    Object.assign(ring.style, {
      position: 'fixed',
      left: `${b.x - 6}px`,
      top: `${b.y - 6}px`,
      width: `${b.width + 12}px`,
      height: `${b.height + 12}px`,
      borderRadius: '18px',
      border: '3px solid #f5b700',
      boxShadow: '0 0 0 6px rgb(245 183 0 / 0.25), 0 0 28px rgb(245 183 0 / 0.6)',
      zIndex: '9999',
      pointerEvents: 'none',
    });
    document.body.append(ring);
  }, box);
  return target;
}

const settle = async (page) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
};
const clear = (page) =>
  page.evaluate(() => document.querySelectorAll('#howto-ring, #howto-title').forEach((e) => e.remove()));

async function recordClip(page, language, code, steps, strings, work) {
  const frames = [];
  const shot = async (hold) => {
    const file = path.join(work, `${frames.length}.png`);
    await page.screenshot({ path: file });
    frames.push({ file, hold });
  };
  for (const [index, step] of steps.entries()) {
    if (step.go) {
      await page.goto(step.go);
      await settle(page);
      if (index === 0) {
        await titleCard(page, strings[code].title, strings[code].description);
        await shot(1.8);
        await clear(page);
      }
    }
    if (step.ring) {
      const target = await ringOn(page, step.ring);
      await shot(step.tap ? 1.6 : (step.hold ?? 1.6));
      await clear(page);
      if (step.tap) {
        await target.click();
        await settle(page);
      }
    } else await shot(step.hold ?? 1.6);
  }
  const dir = language === 'th' ? outRoot : path.join(outRoot, language);
  mkdirSync(dir, { recursive: true });
  const list = path.join(work, 'frames.txt');
  const lines = frames.flatMap((f) => [`file '${f.file}'`, `duration ${f.hold}`]);
  writeFileSync(list, [...lines, `file '${frames.at(-1).file}'`].join('\n'));
  const out = path.join(dir, `${code}.mp4`);
  // a frame is a still: x264's stillimage tuning at 10 fps keeps a clip to tens of KB
  run(FFMPEG, [
    ...['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list],
    ...['-vf', 'fps=10,format=yuv420p', '-c:v', 'libx264', '-preset', 'slow', '-tune', 'stillimage', '-crf', '30'],
    ...['-movflags', '+faststart', '-an', out],
  ]);
  // the poster: the first tap, cropped to the cards' 4:3 (390×293) around the middle of the screen
  const posterFrame = (frames[1] ?? frames[0]).file;
  const crop = ['-y', '-loglevel', 'error', '-i', posterFrame, '-vf', 'crop=390:293'];
  run(FFMPEG, [...crop, '-q:v', '5', path.join(dir, `${code}.jpg`)]);
  run(FFMPEG, [...crop, '-quality', '72', path.join(dir, `${code}.webp`)]);
  const size = statSync(out).size;
  if (size > MAX_BYTES) throw new Error(`${path.relative(outRoot, out)} is ${size} B (over ${MAX_BYTES})`);
  console.log(`${path.relative(outRoot, out)}: ${frames.length} frames, ${(size / 1024).toFixed(1)} KB`);
}

if (!existsSync(path.join(dist, 'index.html'))) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/player'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'howto-data-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PLAYER_DIST: dist,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let browser;
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${origin}/api/lookup/active`)).ok) break;
    } catch {
      if (i > 360) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const { token } = await login.json();
  const profile = await (
    await fetch(`${origin}/api/account/profile`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  for (const language of LANGUAGES) {
    const strings = JSON.parse(
      readFileSync(path.join(root, `apps/player/src/locales/${language}/content.json`), 'utf8'),
    ).howto.videos;
    const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT, deviceScaleFactor: 1 });
    await context.addInitScript(
      ({ token, memberId, language }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('agreement', memberId);
        localStorage.setItem('locale', language);
      },
      { token, memberId: String(profile._id), language },
    );
    for (const [code, steps] of Object.entries(CLIPS)) {
      if (only.length && !only.includes(code)) continue;
      const page = await context.newPage();
      const work = mkdtempSync(path.join(os.tmpdir(), `howto-${language}-${code}-`));
      try {
        await recordClip(page, language, code, steps, strings, work);
      } finally {
        rmSync(work, { recursive: true, force: true });
        await page.close();
      }
    }
    await context.close();
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
