import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatementRow } from '@wallet/contract/statement';
import '../../lib/i18n.ts';
import en from '../../locales/en/statement.json';
import la from '../../locales/la/statement.json';
import th from '../../locales/th/statement.json';
import { renderWithProviders } from '../../testing/mock-api.tsx';
import { StatementItem } from './statement-item.tsx';

beforeEach(() => {
  for (const [lang, strings] of Object.entries({ en, th, la }))
    i18next.addResourceBundle(lang, 'statement', strings, true, true);
});
afterEach(async () => {
  await i18next.changeLanguage('th');
});

const row = (over: Partial<StatementRow>): StatementRow => ({
  _id: 'r1',
  statementType: 'deposit',
  from: 'qr',
  to: 'WALLET',
  amount: 100,
  status: 'SUCCESS',
  createdAt: '2026-11-27T10:00:00.000Z',
  ...over,
});
const show = (r: StatementRow) => {
  const view = renderWithProviders(
    <ul>
      <StatementItem row={r} gameNames={new Map()} />
    </ul>,
  );
  return within(view.container);
};

describe('statement rows say what happened', () => {
  it.each([
    ['en', 'QR payment'],
    ['th', 'ชำระด้วย QR'],
    ['la', 'ຊຳລະດ້ວຍ QR'],
  ])('a deposit channel is a translated label, not its code (%s)', async (lang, label) => {
    await i18next.changeLanguage(lang);
    const view = show(row({ from: 'qr' }));
    expect(view.getByTestId('statement-route')).toHaveTextContent(label);
    expect(view.getByTestId('statement-route')).not.toHaveTextContent(/\bqr\b/);
  });

  it('a bonus that ended reads met, failed or cancelled; the bonus taken back at a cancel is not "successful"', async () => {
    await i18next.changeLanguage('en');
    const met = show(row({ statementType: 'finish_bonus', from: 'BONUS', amount: 0, finish: { outcome: 'met' } }));
    expect(met.getByTestId('statement-type')).toHaveTextContent('Bonus condition met');
    expect(met.getByTestId('statement-amount')).toHaveTextContent(/^0\.00$/);
    const failed = show(
      row({ statementType: 'finish_bonus', amount: 0, status: 'FAILED', finish: { outcome: 'failed' } }),
    );
    expect(failed.getByTestId('statement-type')).toHaveTextContent('Bonus condition failed');
    const back = show(
      row({
        statementType: 'finish_bonus',
        from: 'WALLET',
        to: 'BONUS',
        amount: 150,
        status: 'CANCELLED',
        finish: { outcome: 'forfeited' },
      }),
    );
    expect(back.getByTestId('statement-type')).toHaveTextContent('Bonus taken back (cancelled)');
    expect(back.getByTestId('statement-amount')).toHaveTextContent('−150.00');
    expect(screen.getAllByTestId('statement-row')[2]).toHaveTextContent('Cancelled');
    expect(screen.getAllByTestId('statement-row')[2]).not.toHaveTextContent('Successful');
  });
});
