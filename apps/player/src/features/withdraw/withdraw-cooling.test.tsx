import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enErrors from '@wallet/web-core/locales/en/errors.json';
import laErrors from '@wallet/web-core/locales/la/errors.json';
import thErrors from '@wallet/web-core/locales/th/errors.json';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { walletFixture } from '../../testing/wallet-fixture.ts';
import { WithdrawDialog } from './withdraw-dialog.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

const wallet = walletFixture();

describe('withdraw during the payout-account cooling period', () => {
  for (const [language, errors] of [
    ['th', thErrors],
    ['la', laErrors],
    ['en', enErrors],
  ] as const) {
    it(`shows PAYOUT_ACCOUNT_COOLING in the withdraw dialog's alert (${language}) and keeps the form`, async () => {
      await i18next.changeLanguage(language);
      mockApi({
        'GET /api/lookup/withdraw': () => ({ body: { withdrawMin: 100, withdrawMax: 50_000 } }),
        'GET /api/lookup/banks': () => ({ body: [] }),
        'GET /api/bonus/condition': () => ({ body: { condition: null } }),
        'POST /api/wallet/withdraw': () => ({ status: 403, body: { message: 'PAYOUT_ACCOUNT_COOLING' } }),
      });
      const onSuccess = vi.fn();
      renderWithProviders(<WithdrawDialog open wallet={wallet} onOpenChange={vi.fn()} onSuccess={onSuccess} />);
      await userEvent.type(await screen.findByTestId('withdraw-amount'), '100');
      await userEvent.click(screen.getByTestId('withdraw-submit'));
      await userEvent.click(await screen.findByTestId('withdraw-confirm'));
      const alert = await screen.findByRole('alertdialog');
      expect(within(alert).getByText(errors.PAYOUT_ACCOUNT_COOLING)).toBeInTheDocument();
      expect(screen.getByTestId('withdraw-form')).toBeInTheDocument();
      expect(screen.queryByTestId('withdraw-success')).toBeNull();
      expect(onSuccess).not.toHaveBeenCalled();
    });
  }
});
