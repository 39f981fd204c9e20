import type { Page } from '@playwright/test';
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

/** Saves e2e/artifacts/screens/<test>-<step>-<lang>.png (or under `dir`) once web fonts (Thai, Lao) have loaded. */
export async function saveScreen(
  page: Page,
  { test, step, lang }: ScreenName,
  options: { fullPage?: boolean; dir?: string } = {},
): Promise<string> {
  const dir = options.dir ?? SCREENS_DIR;
  mkdirSync(dir, { recursive: true });
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  // let entrance animations settle
  await page.waitForTimeout(300);
  const file = path.join(dir, `${test}-${step}-${lang}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false, animations: 'disabled' });
  return file;
}
