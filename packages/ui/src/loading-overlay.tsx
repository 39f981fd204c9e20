import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { LOADING_SPINNER_DELAY_MS } from '@wallet/contract/limits';
import { Spinner } from './spinner.tsx';

export type LoadingOverlayProps = {
  /** while true the overlay appears, but only after LOADING_SPINNER_DELAY_MS (200 ms), so quick calls never flash */
  isLoading: boolean;
  /** 'screen' covers the viewport and blocks input; 'container' covers the nearest positioned parent */
  cover?: 'screen' | 'container';
  label?: string;
};

export function LoadingOverlay({ isLoading, cover = 'screen', label }: LoadingOverlayProps) {
  const [isVisible, setIsVisible] = useState(false);
  useEffect(() => {
    if (!isLoading) return;
    const timer = setTimeout(() => setIsVisible(true), LOADING_SPINNER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setIsVisible(false);
    };
  }, [isLoading]);
  if (!isLoading || !isVisible) return null;
  return (
    <div
      data-testid="loading-overlay"
      aria-live="polite"
      className={clsx(
        'z-[70] flex items-center justify-center bg-bg/60 backdrop-blur-[1px] animate-fade-in',
        cover === 'screen' ? 'fixed inset-0' : 'absolute inset-0 rounded-[inherit]',
      )}
    >
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-bg-raised/90 px-6 py-5 text-primary shadow-card ring-1 ring-line">
        <Spinner size="lg" label={label} />
        {label && <p className="text-sm font-semibold text-fg">{label}</p>}
      </div>
    </div>
  );
}
