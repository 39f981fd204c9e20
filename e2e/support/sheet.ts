import type { Page } from '@playwright/test';

/**
 * Waits until the newest open sheet or dialog has finished sliding in. On a busy machine its entry animation runs
 * long enough for a tap to press a button at one place and lift at another (Chromium then sends the click to the
 * common parent, not the button): wait for the sheet's own animation, never for a time. Only the dialog element's
 * own animations count (a spinner inside animates forever).
 */
export async function sheetSettled(page: Page): Promise<void> {
  await page
    .getByRole('dialog')
    .last()
    .evaluate((sheet) =>
      Promise.all(sheet.getAnimations().map((animation) => animation.finished.catch(() => undefined))).then(
        () => undefined,
      ),
    );
}
