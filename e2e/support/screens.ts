import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SCREENS_DIR } from './paths.ts';

export type ScreenName = {
  /** the spec or test (kebab-case), e.g. `foundation` */
  test: string;
  /** what is on screen, e.g. `login`, `404` */
  step: string;
  /** th, la or en */
  lang: string;
};

export type ScreenProblems = {
  /** visible text in a script the language does not use (Thai on a Lao or English screen, Lao on a Thai one) */
  wrongScript: string[];
  /** an i18n key or an untranslated error code shown instead of text */
  rawKeys: string[];
  /** the page is wider than the viewport (px) */
  overflowPx: number;
};

/**
 * What a player must never see on a screen in `lang`: text in the wrong script, raw i18n keys or error
 * codes, or a page wider than the phone. Text inside an element with its own `lang` (the language menu) or with
 * `translate="no"` (proper names: a member's or a bank holder's name, game names) is the player's own data.
 */
export async function findScreenProblems(page: Page, lang: string): Promise<ScreenProblems> {
  return page.evaluate((language) => {
    const THAI = /[\u0E00-\u0E7F]/;
    const LAO = /[\u0E80-\u0EFF]/;
    const forbidden = language === 'th' ? [LAO] : language === 'la' ? [THAI] : [THAI, LAO];
    const pageLanguage = (document.documentElement.lang || 'th').split('-')[0];
    const KEY = /^(?:[a-z][a-zA-Z0-9_]*:)?[a-z][a-zA-Z0-9_]*(?:\.[a-zA-Z_][a-zA-Z0-9_]*)+$/;
    const CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
    const isExempt = (element: Element) => {
      const own = element.closest('[lang]');
      if (own && own !== document.documentElement && own.getAttribute('lang')?.split('-')[0] !== pageLanguage)
        return true;
      return element.closest('[translate="no"]') !== null;
    };
    const isShown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      element.closest('[aria-hidden="true"]') === null;
    const texts: Array<{ text: string; element: Element }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(element.tagName)) continue;
      if (isShown(element)) texts.push({ text, element });
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
      if (!isShown(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const text = element.getAttribute(name)?.trim();
        if (text) texts.push({ text, element });
      }
    }
    const wrongScript = texts
      .filter(({ text, element }) => forbidden.some((script) => script.test(text)) && !isExempt(element))
      .map(({ text }) => text);
    const rawKeys = texts.filter(({ text }) => KEY.test(text) || CODE.test(text)).map(({ text }) => text);
    const overflowPx = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    return { wrongScript: [...new Set(wrongScript)], rawKeys: [...new Set(rawKeys)], overflowPx };
  }, lang);
}

/** Fails the test when the screen shows wrong-script text, raw keys, or overflows sideways (findScreenProblems). */
export async function expectCleanScreen(page: Page, lang: string, where = ''): Promise<void> {
  const problems = await findScreenProblems(page, lang);
  expect(problems, `screen problems ${where} (${lang})`).toEqual({ wrongScript: [], rawKeys: [], overflowPx: 0 });
}

/**
 * Saves e2e/artifacts/screens/<test>-<step>-<lang>.png (or under `dir`) once web fonts (Thai, Lao) have loaded, after checking the
 * screen (expectCleanScreen) unless `check: false` (a page that is not the player app, e.g. a sandbox game).
 */
export async function saveScreen(
  page: Page,
  { test, step, lang }: ScreenName,
  options: { fullPage?: boolean; check?: boolean; dir?: string } = {},
): Promise<string> {
  const dir = options.dir ?? SCREENS_DIR;
  mkdirSync(dir, { recursive: true });
  if (options.check !== false) await expectCleanScreen(page, lang, `${test}-${step}`);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  // let entrance animations and transitions settle (the finite ones: a spinner never finishes)
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const file = path.join(dir, `${test}-${step}-${lang}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false, animations: 'disabled' });
  return file;
}
