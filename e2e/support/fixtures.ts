import { expect, test as base, type BrowserContext } from '@playwright/test';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

export const LANGUAGES = ['th', 'la', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

type WorkerFixtures = {
  /** one real server per worker (fresh PGlite, demo data); tests needing another setup call startServer() */
  server: RunningServer;
  /** how the worker's server starts (set by testOnOwnServer; a file that sets it runs in a worker of its own) */
  serverOptions: ServerOptions;
};

/**
 * Console messages every test tolerates. Only endpoints of the contract that no server module implements yet
 * (they answer 501 NOT_IMPLEMENTED; the wheel lands with its own issue) — remove an entry when its module lands.
 */
const KNOWN_CONSOLE_NOISE: RegExp[] = [
  // Chromium's own warning when a page closes its socket.io connection mid-handshake (leaving home, logging out)
  /WebSocket is closed before the connection is established/,
];

type TestFixtures = {
  useLanguage: (language: Language) => Promise<void>;
  /** console errors/warnings a test provokes on purpose (an aborted chunk, offline requests, a gone site) */
  allowConsole: RegExp;
  /** fails the test on any console error or warning, or uncaught page error (zero console noise) */
  consoleGuard: void;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  /** every page fails its test on a Content-Security-Policy violation (the policy is strict: ADR 0016) */
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    expect(violations, 'CSP violations').toEqual([]);
  },
  serverOptions: [{}, { option: true, scope: 'worker' }],
  server: [
    async ({ serverOptions }, use) => {
      const server = await startServer(serverOptions);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // matches nothing by default
  allowConsole: [/(?!)/, { option: true }],
  consoleGuard: [
    async ({ context, browser, allowConsole }, use) => {
      const noise: string[] = [];
      const allowed = [...KNOWN_CONSOLE_NOISE, allowConsole];
      const note = (line: string) => {
        if (!allowed.some((pattern) => pattern.test(line))) noise.push(line);
      };
      // every page of the test's context (popups and context.newPage() included) and of any context the test
      // opens itself (browser.newContext(): a second member, the back office), so a new spec is guarded for free
      const watch = (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (message.type() !== 'error' && message.type() !== 'warning') return;
          note(`${message.type()}: ${message.text()} ${message.location().url}`);
        });
        // (an init script that touches storage on the context's first about:blank page is the test's, not the app's)
        watched.on('weberror', (error) => {
          if (error.page()?.url() !== 'about:blank') note(`pageerror: ${error.error().message}`);
        });
      };
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        watch(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(noise, 'console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
  /** stores the app language before the next navigation (as the switcher would) */
  useLanguage: async ({ page }, use) => {
    await use(async (language) => {
      await page.addInitScript((value) => localStorage.setItem('locale', value), language);
    });
  },
});

/**
 * `test` for a file that runs on a server of its own: one that changes what other files read (the demo member's
 * balance, a setting, a queue's count) or needs a server started differently (`options`, e.g. `publicHost`).
 * Call it once at the top of the file — `const test = testOnOwnServer();` — and use `server` (or its alias
 * `ownServer`) and `baseURL` as usual. Each call makes a fixture set of its own, so Playwright gives the file a
 * worker of its own and that worker's `server` is started for this file alone (two files never share it).
 */
export function testOnOwnServer(options: ServerOptions = {}) {
  return test.extend<object, { ownServer: RunningServer }>({
    // a new object per call: Playwright tells fixture sets apart by their values, so this file gets its own worker
    serverOptions: [{ ...options }, { scope: 'worker' }],
    ownServer: [async ({ server }, use) => use(server), { scope: 'worker' }],
  });
}

export { expect };
