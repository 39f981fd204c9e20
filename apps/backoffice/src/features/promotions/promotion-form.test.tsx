import { PromotionInputSchema } from '@wallet/contract/admin/promotions';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyPromotion } from './promotion-draft.ts';
import { PromotionForm } from './promotion-form.tsx';

const setup = () => {
  const onSubmit = vi.fn(() => Promise.resolve());
  render(<PromotionForm initial={emptyPromotion()} saved={null} onSubmit={onSubmit} onCancel={() => undefined} />);
  return { onSubmit, user: userEvent.setup() };
};

async function fillTexts(user: ReturnType<typeof userEvent.setup>) {
  for (const [tab, lang, name] of [
    ['ไทย · Thai', 'th', 'โบนัสต้อนรับ'],
    ['ລາວ · Lao', 'la', 'ໂບນັດຕ້ອນຮັບ'],
    ['English', 'en', 'Welcome bonus'],
  ] as const) {
    await user.click(screen.getByRole('tab', { name: tab }));
    await user.click(screen.getByTestId(`promotion-name-${lang}`));
    await user.paste(name);
    await user.click(screen.getByTestId(`promotion-description-${lang}`));
    await user.paste(`${name} — turnover 5×`);
  }
}

describe('PromotionForm', () => {
  it('refuses to save an empty form: the count on top, the errors beside their fields, Lao and English tabs marked', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByTestId('promotion-save'));
    expect(screen.getByText('7 fields need fixing')).toBeInTheDocument();
    const code = screen.getByTestId('promotion-code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('promotion-name-th')).toHaveAccessibleDescription('Required');
    expect(within(screen.getByRole('tab', { name: /English/ })).getByLabelText('has errors')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // fixing a field takes its error away as one types
    await user.type(code, 'welcome100');
    expect(code).toHaveValue('WELCOME100');
    expect(code).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('6 fields need fixing')).toBeInTheDocument();
  });

  it('checks the credit rule against the fail percentage, the bonus cap and banners, then sends a body the contract accepts', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByTestId('promotion-code'), 'CREDIT200');
    await fillTexts(user);
    await user.click(screen.getByRole('radio', { name: /Credit/ }));
    const target = screen.getByTestId('promotion-success-percent');
    await user.clear(target);
    await user.type(target, '5');
    await user.click(screen.getByTestId('promotion-save'));
    expect(target).toHaveAccessibleDescription('Must be above the fail percentage');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(target);
    await user.type(target, '200');
    const maxAmount = screen.getByTestId('promotion-max-amount');
    await user.clear(maxAmount);
    await user.click(screen.getByTestId('promotion-save'));
    expect(maxAmount).toHaveAccessibleDescription('More than 0, at most 2 decimals');
    await user.type(maxAmount, '300');

    await user.click(screen.getByTestId('promotion-add-banner'));
    await user.click(screen.getByTestId('promotion-save'));
    expect(screen.getByText('Upload an image or remove this banner')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove banner' }));

    await user.click(screen.getByTestId('promotion-save'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const body = (onSubmit.mock.calls[0] as unknown as [unknown])[0];
    expect(PromotionInputSchema.parse(body)).toMatchObject({
      code: 'CREDIT200',
      successRule: 'credit',
      successPercent: 200,
      percentFail: 10,
      maxAmount: 300,
      name: { th: 'โบนัสต้อนรับ', la: 'ໂບນັດຕ້ອນຮັບ', en: 'Welcome bonus' },
      banners: [],
    });
  });

  it('the claim balance rule: 5.00 by default, editable, emptied to no limit, checked, and sent', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByTestId('promotion-code'), 'DAILY5');
    await fillTexts(user);
    const field = screen.getByTestId('promotion-max-balance-at-claim');
    expect(field).toHaveValue(5);
    expect(screen.getByRole('complementary', { name: 'Summary' })).toHaveTextContent('claim with ≤ 5.00 THB held');
    await user.clear(field);
    await user.type(field, '1.005');
    await user.click(screen.getByTestId('promotion-save'));
    expect(field).toHaveAccessibleDescription('An amount with at most 2 decimals');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '20');
    await user.click(screen.getByTestId('promotion-save'));
    expect(PromotionInputSchema.parse((onSubmit.mock.calls[0] as unknown as [unknown])[0])).toMatchObject({
      maxBalanceAtClaim: 20,
    });
    await user.clear(field);
    await user.click(screen.getByTestId('promotion-save'));
    expect(PromotionInputSchema.parse((onSubmit.mock.calls[1] as unknown as [unknown])[0])).toMatchObject({
      maxBalanceAtClaim: null,
    });
  });

  it('shows the draft in plain words as it changes', async () => {
    const { user } = setup();
    const summary = screen.getByRole('complementary', { name: 'Summary' });
    expect(summary).toHaveTextContent('10 % of the deposit, up to 500.00 THB');
    expect(summary).toHaveTextContent('Turnover × 5');
    await user.click(screen.getByRole('radio', { name: /Per day/ }));
    const times = screen.getByTestId('promotion-max-received');
    await user.clear(times);
    await user.type(times, '2');
    expect(summary).toHaveTextContent('2 times a day');
  });
});
