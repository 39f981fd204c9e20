import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSheetHistory } from './use-sheet-history.ts';

function Page() {
  const [isOpen, setIsOpen] = useState(false);
  useSheetHistory(isOpen, () => setIsOpen(false));
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        open
      </button>
      {isOpen && (
        <div data-testid="sheet">
          <button type="button" onClick={() => setIsOpen(false)}>
            close
          </button>
        </div>
      )}
    </>
  );
}

const sheetState = () => (window.history.state as { sheet?: number } | null)?.sheet;

describe('sheet history', () => {
  afterEach(() => cleanup());

  it('back closes the open sheet and stays on the page', async () => {
    render(<Page />);
    const length = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(window.history.length).toBe(length + 1);
    expect(sheetState()).toBeDefined();
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByTestId('sheet')).toBeNull());
    expect(sheetState()).toBeUndefined();
  });

  it('closing the sheet takes its history entry back off', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(sheetState()).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'close' }));
    await waitFor(() => expect(sheetState()).toBeUndefined());
  });
});
