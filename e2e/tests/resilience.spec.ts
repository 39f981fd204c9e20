import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { signInQuickly } from '../support/sign-in.ts';

/** locales/<lang>/common.json routeError.* and offline.banner */
const ROUTE_ERROR = {
  th: { title: 'เกิดข้อผิดพลาด', retry: 'ลองอีกครั้ง' },
  la: { title: 'ເກີດຂໍ້ຜິດພາດ', retry: 'ລອງໃໝ່ອີກຄັ້ງ' },
  en: { title: 'Something went wrong', retry: 'Try again' },
} as const;
const OFFLINE = { th: 'คุณออฟไลน์อยู่', la: 'ທ່ານອອບລາຍຢູ່', en: "You're offline" } as const;
const HOWTO_CHUNK = /\/assets\/howto-[\w-]+\.js$/;

test.describe('resilience', () => {
  // the failures these tests provoke on purpose: an aborted chunk, requests and a lazy host chunk while offline
  // (React reports the error HostBoundary caught)
  test.use({
    allowConsole:
      /net::ERR_FAILED .*\/assets\/howto-|net::ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/,
  });

  for (const lang of LANGUAGES) {
    test(`a route chunk that fails to load reloads once, then shows the error screen with a working retry (${lang})`, async ({
      page,
      useLanguage,
    }) => {
      await useLanguage(lang);
      let aborted = 0;
      await page.route(HOWTO_CHUNK, async (route) => {
        aborted += 1;
        await route.abort('failed');
      });
      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents += 1;
      });
      await page.goto('/howto');
      const screen = page.getByTestId('route-error');
      await expect(screen.getByRole('heading', { name: ROUTE_ERROR[lang].title })).toBeVisible();
      // one automatic reload (two documents), never a loop, and never React Router's developer page
      expect(documents).toBe(2);
      expect(aborted).toBe(2);
      await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
      await saveScreen(page, { test: 'resilience', step: 'route-error', lang });

      await page.unroute(HOWTO_CHUNK);
      await screen.getByRole('button', { name: ROUTE_ERROR[lang].retry }).click();
      await expect(page.getByTestId('route-error')).toHaveCount(0);
      await expect(page).toHaveURL(/\/howto$/);
      await expect(page.getByTestId('howto-list')).toBeVisible();
      expect(documents).toBe(3);
    });
  }

  test('going offline at once never blanks the app: the banner shows and the home stays', async ({ page, context }) => {
    await signInQuickly(page, 'th');
    await page.goto('/user/home');
    await expect(page.getByTestId('total-balance')).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toContainText(OFFLINE.th);
    await page.getByTestId('check-balance').click();
    await expect(page.getByTestId('check-balance')).toBeEnabled();
    await expect(page.getByTestId('total-balance')).toBeVisible();
    await saveScreen(page, { test: 'resilience', step: 'offline-banner', lang: 'th' });
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });

  test('offline: a banner shows, check balance stops with an error instead of spinning; back online it works', async ({
    page,
    context,
  }) => {
    await signInQuickly(page, 'en');
    await page.goto('/user/home');
    await expect(page.getByTestId('total-balance')).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    // the toast outlet is fetched once the page is idle; offline before that, an error toast cannot show
    await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();

    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toContainText(OFFLINE.en);
    const check = page.getByTestId('check-balance');
    await check.click();
    // the request fails at once offline: an error shows and the button is usable again (no endless spinner)
    await expect(page.getByText("Can't connect. Please check your internet connection.")).toBeVisible();
    await expect(check).toBeEnabled();
    await expect(check).not.toHaveAttribute('aria-busy', 'true');
    await saveScreen(page, { test: 'resilience', step: 'offline-home', lang: 'en' });

    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await check.click();
    await expect(page.getByText('Balances are up to date')).toBeVisible();
  });
});
