import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { createOperator, demoOperatorToken, signInConsoleContext, signInOperator } from '../support/operator.ts';
import type { RunningServer } from '../support/server.ts';
import { signInQuickly } from '../support/sign-in.ts';

/**
 * The chat console for a team (docs/decisions/0035-chat-team-and-api-client.md): agent A gives a member's
 * conversation to agent B; B adds a private note the member never sees (checked in the member's own browser), sets
 * up and uses a canned reply with "/", labels the conversation and finds it by label and by search. Screenshots of
 * the console (1366 px, th and en) and the player's chat (390×844, th/la/en) go to /tmp/shots/chat.
 */
const SHOTS = '/tmp/shots/chat';
mkdirSync(SHOTS, { recursive: true });

const consoleContext = (browser: Browser, server: RunningServer) =>
  browser.newContext({
    baseURL: server.url,
    viewport: { width: 1366, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    timezoneId: 'Asia/Bangkok',
  });

async function openWidget(page: Page) {
  await page.getByTestId('chat-toggle').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expect(page.getByTestId('chat-connection')).toHaveAttribute('data-state', 'ready');
}

test.describe('chat for a support team', () => {
  test('reassign to an agent, a private note the member never sees, a canned reply, labels and search', async ({
    page,
    browser,
    server,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const question = `My withdrawal ${stamp} is late`;

    // the member asks from its own browser
    await signInQuickly(page, 'en');
    await page.goto('/user/contact');
    await openWidget(page);
    await page.getByTestId('chat-input').fill(question);
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('chat-text').filter({ hasText: question })).toBeVisible();
    await expect(page.getByTestId('chat-time').last()).toHaveText(/^\d{2}:\d{2}$/);

    // agent B: a support operator, enrolled as a real one is
    const adminToken = await demoOperatorToken(page.request, server);
    const agentB = await createOperator(page.request, adminToken, {
      username: `agent_b_${stamp}`,
      password: 'agent-b-password-1',
      roles: ['support'],
    });

    // agent A (the demo admin) gives the conversation to B
    const contextA = await consoleContext(browser, server);
    await signInConsoleContext(contextA, server);
    const a = await contextA.newPage();
    await a.goto('/admin/chat');
    await a.evaluate(() => localStorage.setItem('wallet.admin.language', 'en'));
    await a.reload();
    await a.getByTestId('chat-conversation').filter({ hasText: stamp }).click();
    await a.getByTestId('chat-assign-to').selectOption({ label: agentB.username });
    await expect(a.getByTestId('chat-conversation').filter({ hasText: stamp })).toContainText(`@${agentB.username}`);

    // agent B signs in and finds it under "Mine"
    const contextB = await consoleContext(browser, server);
    const b = await contextB.newPage();
    await signInOperator(b, agentB, { language: 'en' });
    await b.goto('/admin/chat');
    await b.getByRole('button', { name: 'Mine', exact: true }).click();
    const row = b.getByTestId('chat-conversation').filter({ hasText: stamp });
    await expect(row).toBeVisible();
    await row.click();
    await expect(b.getByTestId('chat-member-link')).toHaveAttribute('href', /\/admin\/members\/\d+$/);

    // a private note: in the console, flagged; never in the member's chat (live or after a reload)
    await b.getByTestId('composer-note').click();
    await b.getByTestId('chat-reply').fill(`VIP ${stamp}: check the payout first`);
    await b.getByTestId('chat-reply').press('Enter');
    await expect(b.getByTestId('console-note').filter({ hasText: `VIP ${stamp}` })).toBeVisible();
    await expect(a.getByTestId('console-note').filter({ hasText: `VIP ${stamp}` })).toBeVisible();

    // a canned reply, set up on the team tools page and inserted with "/"
    await b.getByTestId('chat-tools').click();
    await b.getByTestId('canned-lang-en').click();
    await b.getByTestId('canned-code').fill(`late${stamp}`);
    await b.getByTestId('canned-text').fill('Your withdrawal is on its way, thank you for waiting.');
    await b.getByTestId('canned-save').click();
    await expect(b.getByTestId('canned-row').filter({ hasText: `/late${stamp}` })).toBeVisible();
    await b.getByTestId('label-name').fill(`Payout ${stamp}`);
    await b.getByTestId('label-add').click();
    await expect(b.getByTestId('chat-label').filter({ hasText: `Payout ${stamp}` })).toBeVisible();
    await b.goto('/admin/chat');
    await b.getByTestId('chat-conversation').filter({ hasText: stamp }).click();
    await b.getByTestId('composer-reply').click();
    await b.getByTestId('chat-reply').fill(`/late${stamp}`);
    await expect(b.getByTestId('canned-menu')).toContainText('on its way');
    await b.getByTestId('chat-reply').press('Enter');
    await expect(b.getByTestId('chat-reply')).toHaveValue('Your withdrawal is on its way, thank you for waiting.');
    await b.getByTestId('chat-reply').press('Enter');
    await expect(page.getByTestId('chat-text').filter({ hasText: 'on its way' })).toBeVisible();
    await expect(page.getByText(`VIP ${stamp}`)).toHaveCount(0);
    await page.reload();
    await openWidget(page);
    await expect(page.getByTestId('chat-text').filter({ hasText: 'on its way' })).toBeVisible();
    await expect(page.getByText(`VIP ${stamp}`)).toHaveCount(0);

    // a label on the conversation; the inbox filters by it and finds it by search
    await b.getByTestId('chat-labels-edit').click();
    await b.getByTestId('chat-labels-menu').getByText(`Payout ${stamp}`).click();
    // the menu stays open for more labels (it lists the chosen one too); Escape closes it
    await expect(b.getByTestId('chat-labels-menu').getByRole('checkbox', { checked: true })).toHaveCount(1);
    await b.keyboard.press('Escape');
    await expect(b.getByTestId('chat-labels-menu')).toHaveCount(0);
    await expect(b.getByTestId('chat-thread').getByTestId('chat-label')).toContainText(`Payout ${stamp}`);
    await b.keyboard.press('Escape');
    await b.getByRole('button', { name: 'All', exact: true }).click();
    await b.getByTestId('chat-label-filter').selectOption({ label: `Payout ${stamp}` });
    await expect(b.getByTestId('chat-conversation')).toHaveCount(1);
    await expect(b.getByTestId('chat-conversation')).toContainText(stamp);
    await b.getByTestId('chat-label-filter').selectOption({ label: 'All labels' });
    await b.getByTestId('chat-search').fill(`withdrawal ${stamp}`);
    await expect(b.getByTestId('chat-conversation')).toHaveCount(1);
    await b.getByTestId('chat-search').fill(`nothing-${stamp}-matches`);
    await expect(b.getByTestId('chat-conversation')).toHaveCount(0);
    await b.getByTestId('chat-search').fill('');

    // screenshots: the console in en and th, the player's chat in th / la / en
    await b.getByTestId('chat-conversation').filter({ hasText: stamp }).click();
    await expect(b.getByTestId('console-note').first()).toBeVisible();
    await b.screenshot({ path: `${SHOTS}/console-chat-en.png` });
    await b.getByTestId('chat-tools').click();
    await expect(b.getByTestId('canned-replies')).toBeVisible();
    await b.screenshot({ path: `${SHOTS}/console-tools-en.png` });
    await a.evaluate(() => localStorage.setItem('wallet.admin.language', 'th'));
    await a.goto('/admin/chat');
    await a.getByTestId('chat-conversation').filter({ hasText: stamp }).click();
    await expect(a.getByTestId('console-note').first()).toBeVisible();
    await a.screenshot({ path: `${SHOTS}/console-chat-th.png` });
    for (const lang of ['th', 'en'] as const) {
      await a.evaluate((l) => localStorage.setItem('wallet.admin.language', l), lang);
      await a.goto('/admin/settings?key=withdrawLimits');
      await expect(a.getByTestId('setting-withdrawLimits')).toBeVisible();
      await a.screenshot({ path: `${SHOTS}/settings-${lang}.png` });
      await a.goto('/admin/settings?key=agreements');
      await expect(a.getByTestId('content-preview').first()).toBeVisible();
      await a.screenshot({ path: `${SHOTS}/settings-content-${lang}.png` });
    }
    for (const lang of LANGUAGES) {
      // a page of the member's own browser (its session in local storage), in one language
      const player = await page.context().newPage();
      await player.addInitScript((l) => localStorage.setItem('locale', l), lang);
      await player.goto('/user/contact');
      await openWidget(player);
      await expect(player.getByTestId('chat-text').filter({ hasText: 'on its way' })).toBeVisible();
      await expect(player.getByText(`VIP ${stamp}`)).toHaveCount(0);
      await player.screenshot({ path: `${SHOTS}/player-chat-${lang}.png` });
      await player.close();
    }
    await contextA.close();
    await contextB.close();
  });
});
