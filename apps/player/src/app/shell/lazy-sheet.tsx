import { createContext, lazy, useContext, type ComponentType, type LazyExoticComponent } from 'react';

/** Bumped by SheetBoundary's retry: a sheet whose chunk failed to load asks for it again under the next number. */
export const SheetAttempt = createContext(0);

/**
 * A sheet (dialog) loaded on first open, like `lazy()`, except that a failed load can be tried again: React keeps a
 * rejected `lazy()` for good, so each attempt of SheetBoundary gets a `lazy()` of its own.
 */
export function lazySheet<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempts = new Map<number, LazyExoticComponent<ComponentType<P>>>();
  const forAttempt = (attempt: number) => {
    let sheet = attempts.get(attempt);
    if (!sheet) {
      sheet = lazy(() => load().then((component) => ({ default: component })));
      attempts.set(attempt, sheet);
    }
    return sheet;
  };
  return function LazySheet(props: P) {
    const Sheet = forAttempt(useContext(SheetAttempt));
    return <Sheet {...props} />;
  };
}
