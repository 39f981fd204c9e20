import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { reloadOnceForChunk } from '../../lib/chunk-reload.ts';
import { RouteError } from './route-error.tsx';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/home-old.js');

function renderFailing(error: () => Error) {
  const router = createMemoryRouter(
    [{ path: '/', errorElement: <RouteError />, lazy: () => Promise.reject(error()) }],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('route error screen', () => {
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    sessionStorage.clear();
    await i18next.changeLanguage('th');
  });

  it('reloads once for a failed chunk, then shows the error screen instead of looping', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(chunkError(), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // after the reload the chunk fails again: no second reload
    expect(reloadOnceForChunk(chunkError(), reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // the flag was cleared, so a later deploy in the same tab may reload once again
    expect(reloadOnceForChunk(chunkError(), reload)).toBe(true);
  });

  it('never reloads while offline (the reload would show the browser offline page): the screen and its retry show', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    expect(reloadOnceForChunk(chunkError(), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('chunkReloaded')).toBeNull();
    renderFailing(chunkError);
    expect(await screen.findByTestId('route-error')).toBeInTheDocument();
  });

  it('never reloads for an error that is not a chunk failure', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(new Error('boom'), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it.each([
    ['th', 'เกิดข้อผิดพลาด', 'ลองอีกครั้ง'],
    ['la', 'ເກີດຂໍ້ຜິດພາດ', 'ລອງໃໝ່ອີກຄັ້ງ'],
    ['en', 'Something went wrong', 'Try again'],
  ])('shows the translated screen (%s) with a retry that reloads', async (language, title, retry) => {
    await i18next.changeLanguage(language);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderFailing(() => new Error('render failed'));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: retry }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failed chunk after the one reload shows the screen', async () => {
    sessionStorage.setItem('chunkReloaded', '1');
    renderFailing(chunkError);
    expect(await screen.findByTestId('route-error')).toBeInTheDocument();
    expect(sessionStorage.getItem('chunkReloaded')).toBeNull();
  });
});
