import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { presentError } from '@wallet/web-core/present-error';
import { AlertHost } from './alert-host.tsx';
import { Button } from './button.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { MoneyText } from './money-text.tsx';
import { pageRange } from './page-range.ts';
import { Pagination } from './pagination.tsx';
import { TextField } from './text-field.tsx';

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await i18next.changeLanguage('th');
});

describe('pageRange', () => {
  it('shows 3 pages before and 1 after the current page', () => {
    expect(pageRange(1, 10)).toEqual([1, 2]);
    expect(pageRange(5, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageRange(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageRange(2, 2)).toEqual([1, 2]);
    expect(pageRange(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('marks the current page and reports clicks', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={4} totalPages={9} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'หน้า 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'หน้า 6' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'หน้า 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'หน้าถัดไป' }));
    expect(onPageChange.mock.calls).toEqual([[1], [5]]);
  });
});

describe('LoadingOverlay', () => {
  it('appears only after 200 ms', () => {
    vi.useFakeTimers();
    render(<LoadingOverlay isLoading />);
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
  });
});

describe('Button', () => {
  it('blocks clicks and reports busy while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button isLoading onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Pay/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps its label on one line unless the caller says how it wraps', () => {
    render(
      <>
        <Button>One line</Button>
        <Button className="whitespace-normal">May wrap</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'One line' })).toHaveClass('whitespace-nowrap');
    const wraps = screen.getByRole('button', { name: 'May wrap' });
    expect(wraps).toHaveClass('whitespace-normal');
    expect(wraps).not.toHaveClass('whitespace-nowrap');
  });
});

describe('TextField', () => {
  it('labels the input and announces the error', () => {
    render(<TextField label="Phone" inputMode="numeric" error="Required" />);
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Required');
  });
});

describe('MoneyText', () => {
  it('shows 2 decimals and the unit', () => {
    render(<MoneyText amount={1234.5} currency="THB" />);
    expect(screen.getByText('1,234.50')).toBeInTheDocument();
  });
});

describe('AlertHost', () => {
  it('shows presentError alerts as an alert dialog titled with the title, one at a time', async () => {
    render(<AlertHost />);
    act(() => {
      presentError(new Error('MONEY_NOT_ENOUGH'), { as: 'alert', title: 'โอนเงิน' });
      presentError(new Error('TRANSFER_FAIL'), { as: 'alert', title: 'ถอนเงิน' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'โอนเงิน' });
    expect(dialog).toHaveTextContent('ยอดเงินไม่เพียงพอ');
    await userEvent.click(screen.getByRole('button', { name: 'ตกลง' }));
    expect(await screen.findByRole('alertdialog', { name: 'ถอนเงิน' })).toBeInTheDocument();
  });
});
