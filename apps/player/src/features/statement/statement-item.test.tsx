import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatementRow } from '@wallet/contract/statement';
import '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/mock-api.tsx';
import { StatementItem } from './statement-item.tsx';

beforeEach(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces('statement');
});
afterEach(async () => {
  await i18next.changeLanguage('th');
});

const withdrawal = (patch: Partial<StatementRow>): StatementRow => ({
  _id: 'w1',
  statementType: 'withdraw',
  from: 'WALLET',
  to: 'BANK',
  amount: 300,
  status: 'PENDING',
  createdAt: '2026-11-27T10:00:00.000Z',
  ...patch,
});

describe('a withdrawal in the statement', () => {
  it('cancelled by its member: Cancelled, money returned, and no action', async () => {
    renderWithProviders(
      <ul>
        <StatementItem row={withdrawal({ status: 'CANCELLED', withdraw: { returned: true } })} gameNames={new Map()} />
      </ul>,
    );
    expect(await screen.findByText('Cancelled')).toHaveAttribute('data-status', 'cancelled');
    expect(screen.getByTestId('statement-note')).toHaveTextContent('Money returned to your wallet');
  });

  it('shows the action the route gives it under the row', async () => {
    renderWithProviders(
      <ul>
        <StatementItem
          row={withdrawal({ withdraw: { returned: false, cancellable: true } })}
          gameNames={new Map()}
          action={<button type="button">act</button>}
        />
      </ul>,
    );
    expect(await screen.findByRole('button', { name: 'act' })).toBeInTheDocument();
  });
});
