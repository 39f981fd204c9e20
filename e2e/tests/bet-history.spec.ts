import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { signInQuickly } from '../support/sign-in.ts';

// The bet history (docs/decisions/0042-bets-and-bonus-at-deposit.md): the demo member's bets of yesterday (the refunds
// demo seed records them through the turnover pull's store), reached from the statement. Read-only: the worker's server.
test.describe('bet history', () => {
  for (const lang of LANGUAGES) {
    test(`from the statement to the bets by day, with the day's totals and a game filter (${lang})`, async ({
      page,
    }) => {
      await signInQuickly(page, lang);
      await page.goto('/user/statement');
      await page.getByTestId('statement-bets').click();
      await expect(page).toHaveURL(/\/user\/bets$/);
      const day = page.locator('[data-testid^="bet-day-2"]').first();
      await expect(day).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('bet-row').first()).toBeVisible();
      await saveScreen(page, { test: 'bet-history', step: 'days', lang });

      // a game nobody played in the filter's date range: the empty state
      await page.getByTestId('bet-filter-from').fill('2020-01-01');
      await page.getByTestId('bet-filter-to').fill('2020-01-02');
      await expect(page.getByTestId('bets-empty')).toBeVisible();
      await saveScreen(page, { test: 'bet-history', step: 'empty', lang });
    });
  }
});
