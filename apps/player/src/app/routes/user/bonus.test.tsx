import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../../testing/mock-api.tsx';
import { ensurePromotionStrings } from '../../../components/promotion-strings.ts';
import { bonusFixture, conditionFixture } from '../../../testing/promotions-fixture.ts';
import { walletFixture } from '../../../testing/wallet-fixture.ts';
import { Component as Bonus } from './bonus.tsx';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const bonuses = [
  bonusFixture({ code: 'FIRST50', name: 'First deposit 50%' }),
  bonusFixture({
    code: 'DAILY10',
    name: 'Daily 10%',
    type: 'day',
    userBonus: { _id: 'u2', isActive: false, received: [{ updatedAt: '2026-11-23T02:00:00.000Z' }] },
  }),
  bonusFixture({
    code: 'WEEKLY20',
    name: 'Weekly 20%',
    type: 'week',
    maxReceived: 2,
    userBonus: { _id: 'u3', isActive: false, received: [{ updatedAt: '2026-11-23T02:00:00.000Z' }] },
  }),
];
const idle = {
  'GET /api/wallet': () => ({ body: walletFixture() }),
  'GET /api/bonus': () => ({ body: bonuses }),
  'GET /api/bonus/check/active': () => ({ body: { status: false, type: null } }),
  'GET /api/lookup/notice': () => ({ body: { text: 'Below %percentFail% % the bonus ends.' } }),
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await i18next.changeLanguage('en');
  await ensurePromotionStrings('en');
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('/user/bonus', () => {
  it('lists the cards: a reached limit is received and disabled, the others open the bonus modal to activate', async () => {
    const calls = mockApi({
      ...idle,
      'GET /api/bonus/activate/FIRST50': () => ({
        body: { _id: 'u1', isActive: true, received: [{ updatedAt: NOW.toISOString() }] },
      }),
    });
    renderWithProviders(<Bonus />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Bonuses and promotions');
    expect(await screen.findByTestId('bonus-card-DAILY10')).toBeDisabled();
    expect(screen.getByTestId('bonus-card-DAILY10')).toHaveTextContent('Received');
    // a weekly bonus received once of twice this week is still open
    expect(screen.getByTestId('bonus-card-WEEKLY20')).toBeEnabled();

    await userEvent.click(screen.getByTestId('bonus-card-FIRST50'));
    const dialog = await screen.findByTestId('bonus-dialog');
    // the notice with the bonus's percentFail in place of %percentFail%
    expect(await within(dialog).findByText('Below 10 % the bonus ends.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('bonus-activate'));
    await vi.waitFor(() => expect(screen.queryByTestId('bonus-dialog')).toBeNull());
    const activation = calls.find((c) => c.path === '/api/bonus/activate/FIRST50');
    expect(activation).toBeDefined();
  });

  it('the promotion code: required, upper-cased, searching, not found, then description and percentFail before activating', async () => {
    let release: () => void = () => undefined;
    const calls = mockApi({
      ...idle,
      'GET /api/promotion/find/NOPE': () => ({ status: 404, body: { message: 'NO_PROMOTION' } }),
      'GET /api/promotion/find/WELCOME100': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: {
                code: 'WELCOME100',
                percentFail: 20,
                description: 'Free 100, ends below %percentFail%',
                maxBalanceAtClaim: 5,
              },
            });
        }),
      'GET /api/promotion/activate/WELCOME100': () => ({ body: { message: 'SUCCESS' } }),
    });
    renderWithProviders(<Bonus />);
    const input = await screen.findByTestId('promo-code');
    await userEvent.click(screen.getByTestId('promo-find'));
    expect(await screen.findByText('Please enter a promotion code')).toBeInTheDocument();

    await userEvent.type(input, 'nope');
    expect(input).toHaveValue('NOPE');
    await userEvent.click(screen.getByTestId('promo-find'));
    expect(await screen.findByTestId('promo-not-found')).toHaveTextContent('Promotion code not found');

    await userEvent.clear(input);
    await userEvent.type(input, 'welcome100');
    await userEvent.click(screen.getByTestId('promo-find'));
    expect(await screen.findByText('Searching for the code…')).toBeInTheDocument();
    release();
    const found = await screen.findByTestId('promo-found');
    expect(found).toHaveTextContent('Free 100, ends below 20');
    expect(screen.getByTestId('promo-percent-fail')).toHaveTextContent('Below 20 % the bonus ends.');
    expect(screen.getByTestId('promo-max-balance')).toHaveTextContent('Claim it with at most 5.00 THB');
    await userEvent.click(screen.getByTestId('promo-activate'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/promotion/activate/WELCOME100')).toBe(true));
  });

  it('an active bonus shows its type, its progress in plain words and a cancel that shows the forfeit', async () => {
    mockApi({
      ...idle,
      'GET /api/bonus': () => ({
        body: [bonusFixture({ code: 'FIRST50', userBonus: { _id: 'u1', isActive: true, received: [] } })],
      }),
      'GET /api/bonus/check/active': () => ({ body: { status: true, type: 'limit' } }),
      'GET /api/bonus/condition': () => ({ body: conditionFixture() }),
      'GET /api/bonus/clear': () => ({ status: 409, body: { message: 'BONUS_CLEAR' } }),
    });
    renderWithProviders(<Bonus />);
    expect(await screen.findByTestId('active-bonus-type')).toHaveTextContent('One-time');
    expect(screen.queryByTestId('promo-form')).toBeNull();
    expect(await screen.findByTestId('condition-rule')).toHaveTextContent(
      'Play a total turnover of 750.00 THB (5× your bonus base of 150.00 THB) on any game.',
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('condition-amounts')).toHaveTextContent('300.00 THB / 750.00 THB');
    expect(screen.getByTestId('condition-fail')).toHaveTextContent('below 15.00 THB (10% of 150.00 THB)');
    expect(screen.getByTestId('bonus-card-FIRST50')).toHaveAttribute('data-state', 'active');
    expect(screen.getByTestId('bonus-card-FIRST50')).toHaveTextContent('Current');

    await userEvent.click(screen.getByTestId('bonus-cancel'));
    expect(screen.getByTestId('bonus-forfeit')).toHaveTextContent('50.00 THB of bonus is taken back');
    await userEvent.click(screen.getByTestId('bonus-cancel-yes'));
    // docs/spec.md §8: a cancel failure is an alert dialog with the cancel-failed title and the message
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent("Couldn't cancel the bonus");
    expect(alert).toHaveTextContent('Bonus cancelled.');
  });

  it('a card shows the claim balance rule; a refused claim says why (the reason and its values, translated)', async () => {
    mockApi({
      ...idle,
      'GET /api/bonus': () => ({ body: [bonusFixture({ code: 'DAILY10', name: 'Daily 10%', maxBalanceAtClaim: 5 })] }),
      'GET /api/bonus/activate/DAILY10': () => ({
        status: 400,
        body: { message: 'BONUS_CONDITION', reason: 'BALANCE_ABOVE_MAX', values: { max: '5.00', balance: '300.00' } },
      }),
    });
    renderWithProviders(<Bonus />);
    expect(await screen.findByTestId('bonus-max-balance-DAILY10')).toHaveTextContent(
      'Claim it with at most 5.00 THB in your wallet and games (a new deposit not counted).',
    );
    await userEvent.click(screen.getByTestId('bonus-card-DAILY10'));
    await userEvent.click(await screen.findByTestId('bonus-activate'));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(
      'This bonus can only be claimed with at most 5.00 in your wallet and games (your new deposit not counted). You hold 300.00 now.',
    );
  });

  it('the cancel confirmation shows what is taken back from the whole balance and that games are collected first', async () => {
    mockApi({
      ...idle,
      'GET /api/bonus/check/active': () => ({ body: { status: true, type: 'limit' } }),
      'GET /api/bonus/condition': () => ({ body: conditionFixture({ bonus: 100, forfeitNow: 100, balance: 100 }) }),
      'GET /api/bonus/clear': () => ({ status: 409, body: { message: 'BONUS_CANCEL_GAME_BALANCE' } }),
    });
    renderWithProviders(<Bonus />);
    await userEvent.click(await screen.findByTestId('bonus-cancel'));
    expect(screen.getByTestId('bonus-forfeit')).toHaveTextContent(
      '100.00 THB of bonus is taken back: the unplayed bonus, or your whole balance if that is less.',
    );
    expect(screen.getByTestId('bonus-cancel-collect')).toHaveTextContent(
      'Money in your games comes back to your wallet first.',
    );
    await userEvent.click(screen.getByTestId('bonus-cancel-yes'));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent("Couldn't cancel the bonus");
    expect(alert).toHaveTextContent('Money in your games could not be brought back to the wallet yet');
  });

  it('the explainer shows maxWithdraw, maxBet and the bets above it, which do not count', async () => {
    mockApi({
      ...idle,
      'GET /api/bonus/check/active': () => ({ body: { status: true, type: 'limit' } }),
      'GET /api/bonus/condition': () => ({
        body: conditionFixture({
          maxWithdraw: 1_500,
          maxBet: 50,
          overMaxBets: {
            count: 2,
            stake: 700,
            latest: [
              { game: 'pg', betId: 'b2', stake: 500, placedAt: '2026-11-23T09:00:00.000Z' },
              { game: 'joker2', betId: 'b1', stake: 200, placedAt: '2026-11-23T08:00:00.000Z' },
            ],
          },
        }),
      }),
    });
    renderWithProviders(<Bonus />);
    expect(await screen.findByTestId('condition-max-withdraw')).toHaveTextContent(
      'When it succeeds you keep at most 1,500.00 THB: anything above that goes back with the bonus.',
    );
    expect(screen.getByTestId('condition-max-bet')).toHaveTextContent(
      "Bets above 50.00 THB don't count toward the turnover.",
    );
    const over = screen.getByTestId('condition-over-max-bets');
    expect(over).toHaveTextContent('2 bet(s) above 50.00 THB so far, 700.00 THB in all, not counted:');
    expect(within(over).getAllByRole('listitem')).toHaveLength(2);
    expect(over).toHaveTextContent('500.00 THB');
  });
});

describe('/user/bonus while a condition runs', () => {
  it.each([
    ['en', 'finish or cancel your current one'],
    ['th', 'ทำเงื่อนไขโบนัสปัจจุบันให้ครบหรือยกเลิกก่อน'],
    ['la', 'ເຮັດເງື່ອນໄຂໂບນັດປັດຈຸບັນໃຫ້ຄົບ'],
  ])(
    'the other cards are disabled with the reason instead of offering a claim that fails (%s)',
    async (lang, reason) => {
      await ensurePromotionStrings(lang);
      await i18next.changeLanguage(lang);
      mockApi({
        ...idle,
        'GET /api/bonus': () => ({
          body: [
            bonusFixture({ code: 'FIRST50', userBonus: { _id: 'u1', isActive: true, received: [] } }),
            bonusFixture({ code: 'DAILY10', name: 'Daily 10%', type: 'day' }),
          ],
        }),
        'GET /api/bonus/check/active': () => ({ body: { status: true, type: 'limit' } }),
        'GET /api/bonus/condition': () => ({ body: conditionFixture() }),
      });
      renderWithProviders(<Bonus />);
      const other = await screen.findByTestId('bonus-blocked-DAILY10');
      expect(other).toHaveTextContent(reason);
      expect(screen.getByTestId('bonus-card-DAILY10')).toBeDisabled();
      expect(screen.getByTestId('bonus-card-DAILY10')).toHaveAttribute('data-state', 'blocked');
      expect(screen.getByTestId('bonus-card-FIRST50')).toHaveAttribute('data-state', 'active');
    },
  );
});
