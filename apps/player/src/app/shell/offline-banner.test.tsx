import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { OfflineBanner } from './offline-banner.tsx';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('offline banner', () => {
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    await i18next.changeLanguage('th');
  });

  it.each([
    ['th', 'คุณออฟไลน์อยู่'],
    ['la', 'ທ່ານອອບລາຍຢູ່'],
    ['en', "You're offline"],
  ])('shows while offline and hides when back online (%s)', async (language, text) => {
    await i18next.changeLanguage(language);
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    goOnline(false);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(text);
    goOnline(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
