import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer } from './server.ts';

export const LANGUAGES = ['th', 'la', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

type WorkerFixtures = {
  /** one real server per worker (fresh PGlite, demo data); tests needing another setup call startServer() */
  server: RunningServer;
};

export const test = base.extend<{ useLanguage: (language: Language) => Promise<void> }, WorkerFixtures>({
  /** every page fails its test on a Content-Security-Policy violation (the policy is strict: issue 8 item 9) */
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    expect(violations, 'CSP violations').toEqual([]);
  },
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  /** stores the app language before the next navigation (as the switcher would) */
  useLanguage: async ({ page }, use) => {
    await use(async (language) => {
      await page.addInitScript((value) => localStorage.setItem('locale', value), language);
    });
  },
});

export { expect };
