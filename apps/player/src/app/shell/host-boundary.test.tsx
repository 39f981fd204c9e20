import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostBoundary } from './host-boundary.tsx';

let shouldFail = true;
function Flaky() {
  if (shouldFail) throw new Error('Failed to fetch dynamically imported module: /assets/sonner.js');
  return <p>host</p>;
}

describe('HostBoundary', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps the app alive when a host chunk fails, and tries again once back online', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <p>app</p>
        <HostBoundary>
          <Flaky />
        </HostBoundary>
      </>,
    );
    expect(screen.getByText('app')).toBeInTheDocument();
    expect(screen.queryByText('host')).toBeNull();
    shouldFail = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('host')).toBeInTheDocument();
  });
});
