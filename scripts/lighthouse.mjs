// `npm run lighthouse`: Lighthouse (mobile preset, median of 3) for /login, /register, /howto and /user/home
// (signed in as the demo member) against the production build served by the real server (PGlite, demo data).
// Uses Debian's chromium (CHROME_PATH, default /usr/bin/chromium); never downloads a browser.
// Options: --runs=N (default 3), --pages=/login,/howto, --out=file.json (default lighthouse-report.json),
// --no-build (serve the existing apps/player/dist), --lhr-dir=dir (keep every run's full Lighthouse report there).
// The report and the last lines give the 1-minute load average at the start and the end: compare runs at like load.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(arg('runs', '3'));
const PAGES = arg('pages', '/login,/register,/howto,/user/home').split(',');
const OUT = path.resolve(arg('out', 'lighthouse-report.json'));
const LHR_DIR = arg('lhr-dir', '');
const DEMO = { username: '0812345678', password: 'demo-password' };
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 2000, cls: 0.05 };

const dist = path.join(root, 'apps/player/dist');
if (!process.argv.includes('--no-build') || !existsSync(path.join(dist, 'index.html'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-data-'));
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
const stopServer = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitForServer() {
  for (let i = 0; i < 360; i += 1) {
    try {
      if ((await fetch(`${origin}/api/lookup/active`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

async function signIn() {
  const post = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const { token } = await post.json();
  const profile = await (
    await fetch(`${origin}/api/account/profile`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  return { token, memberId: String(profile._id) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// the 1-minute load average around the runs: TBT, and with it the performance score, moves with it (docs/performance.md)
const loadAtStart = os.loadavg()[0];
let chrome;
try {
  await waitForServer();
  const session = await signIn();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // playwright-core only prepares storage (token for signed-in pages) and clears the HTTP cache before each run
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  async function prepare(signedIn) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(
      ({ signedIn, token, memberId }) => {
        localStorage.clear();
        sessionStorage.clear();
        if (signedIn) {
          localStorage.setItem('token', token);
          localStorage.setItem('agreement', memberId);
        }
      },
      { signedIn, ...session },
    );
    await page.close();
  }

  const results = [];
  for (const pagePath of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      // a trace Lighthouse could not record (NO_NAVSTART, NO_FCP on a starved machine) is run again, twice at most
      let lhr;
      for (let attempt = 1; ; attempt += 1) {
        await prepare(pagePath.startsWith('/user/'));
        ({ lhr } = await lighthouse(`${origin}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: true,
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        }));
        if (!lhr.runtimeError) break;
        const problem = `${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
        if (attempt === 3) throw new Error(problem);
        process.stderr.write(`${problem}; running it again\n`);
      }
      if (LHR_DIR) {
        mkdirSync(LHR_DIR, { recursive: true });
        writeFileSync(
          path.join(LHR_DIR, `${pagePath.replace(/\W+/g, '-').replace(/^-/, '')}-${i + 1}.json`),
          JSON.stringify(lhr),
        );
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => ({
          id: a.id,
          value: a.displayValue,
          items: (Array.isArray(a.details?.items) ? a.details.items : [])
            .slice(0, 5)
            .map((it) => it.url ?? it.node?.snippet ?? it.source?.url ?? it.label),
        }));
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
        failing,
        // what moved and why (a web font, a late insert): the elements behind CLS
        shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((it) => ({
          element: it.node?.selector,
          score: Number(it.score.toFixed(4)),
          causes: [...new Set((it.subItems?.items ?? []).map((sub) => sub.cause))],
        })),
        finalUrl: lhr.finalDisplayedUrl,
      });
      process.stderr.write(`${pagePath} run ${i + 1}/${RUNS}: perf ${runs.at(-1).performance}\n`);
    }
    const byPerf = [...runs].sort((a, b) => a.performance - b.performance);
    const keys = ['performance', 'accessibility', 'best-practices', 'seo', 'fcpMs', 'lcpMs', 'tbtMs', 'cls'];
    const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]));
    results.push({ page: pagePath, median: med, failingInMedianRun: byPerf[Math.floor(RUNS / 2)].failing, runs });
  }
  await browser.close().catch(() => undefined);

  const table = results.map(({ page, median: m }) => ({
    page,
    perf: m.performance,
    a11y: m.accessibility,
    bp: m['best-practices'],
    seo: m.seo,
    'FCP s': (m.fcpMs / 1000).toFixed(2),
    'LCP s': (m.lcpMs / 1000).toFixed(2),
    'TBT ms': m.tbtMs,
    CLS: m.cls,
  }));
  console.table(table);
  for (const r of results)
    if (r.failingInMedianRun.length)
      console.log(`${r.page} audits below 0.9: ${r.failingInMedianRun.map((a) => a.id).join(', ')}`);
  const meets = results.every(
    ({ median: m }) =>
      m.performance >= BUDGET.performance &&
      m.accessibility >= BUDGET.accessibility &&
      m['best-practices'] >= BUDGET['best-practices'] &&
      m.seo >= BUDGET.seo &&
      m.lcpMs <= BUDGET.lcpMs &&
      m.cls <= BUDGET.cls,
  );
  const load = { start: Number(loadAtStart.toFixed(2)), end: Number(os.loadavg()[0].toFixed(2)) };
  writeFileSync(
    OUT,
    JSON.stringify(
      { at: new Date().toISOString(), runs: RUNS, load, budget: BUDGET, meetsBudget: meets, results },
      null,
      2,
    ),
  );
  console.log(`1-min load average ${load.start} at the start, ${load.end} at the end (${os.cpus().length} CPUs)`);
  console.log(`${meets ? 'within' : 'OUTSIDE'} budget (docs/design.md §8); details in ${path.relative(root, OUT)}`);
  process.exitCode = meets ? 0 : 1;
} finally {
  await chrome?.kill();
  stopServer();
}
