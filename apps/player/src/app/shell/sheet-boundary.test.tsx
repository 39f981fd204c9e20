import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/mock-api.tsx';
import { lazySheet } from './lazy-sheet.tsx';
import { SheetBoundary } from './sheet-boundary.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('a sheet that cannot load', () => {
  it('fails on its own with a retry while the page stays; the retry loads it', async () => {
    await i18next.changeLanguage('en');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const Sheet = lazySheet(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return () => <div data-testid="the-sheet">sheet</div>;
    });
    function Page() {
      const [isOpen, setIsOpen] = useState(false);
      return (
        <main data-testid="page">
          <button type="button" onClick={() => setIsOpen(true)}>
            open
          </button>
          <SheetBoundary onClose={() => setIsOpen(false)}>
            <Suspense fallback={null}>{isOpen && <Sheet />}</Suspense>
          </SheetBoundary>
        </main>
      );
    }
    renderWithProviders(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByTestId('sheet-failed')).toHaveTextContent("You're offline, so this couldn't open.");
    expect(screen.getByTestId('page')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('sheet-retry'));
    expect(await screen.findByTestId('the-sheet')).toBeInTheDocument();
    expect(screen.queryByTestId('sheet-failed')).toBeNull();
    expect(attempts).toBe(2);
  });
});
