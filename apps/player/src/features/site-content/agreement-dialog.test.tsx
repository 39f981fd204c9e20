import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';
import { AgreementDialog } from './agreement-dialog.tsx';

const renderModal = (memberId: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AgreementDialog memberId={memberId} />
    </QueryClientProvider>,
  );

describe('AgreementDialog', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json(['<h3>Rules</h3><p>Be 18+<script>alert(1)</script></p>']),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens 1.5 s after mount, renders sanitized HTML and remembers the acceptance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderModal('m1');
    expect(screen.queryByTestId('agreement-modal')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    vi.useRealTimers();
    expect(await screen.findByText('Be 18+')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    await userEvent.click(screen.getByTestId('agreement-accept'));
    expect(storage.hasAcceptedAgreement('m1')).toBe(true);
  });

  it('stays closed once the member accepted', async () => {
    storage.acceptAgreement('m2');
    vi.useFakeTimers();
    renderModal('m2');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    expect(screen.queryByTestId('agreement-modal')).toBeNull();
  });
});
