import { useEffect, useRef } from 'react';

let sheetCount = 0;

/**
 * An open sheet owns a history entry, so the phone's back button or gesture closes it instead of leaving the page.
 * The entry copies the router's state (same URL, same index: the router sees no navigation); closing the sheet
 * otherwise takes the entry back off. `leave()` keeps the entry for a navigation that replaces it (an inbox entry
 * opening the statement).
 */
export function useSheetHistory(isOpen: boolean, onClose: () => void): { leave: () => void } {
  const closeRef = useRef(onClose);
  const isLeavingRef = useRef(false);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (!isOpen) return;
    const sheet = ++sheetCount;
    isLeavingRef.current = false;
    window.history.pushState({ ...(window.history.state as object), sheet }, '');
    let isPopped = false;
    const handlePop = () => {
      isPopped = true;
      closeRef.current();
    };
    window.addEventListener('popstate', handlePop);
    return () => {
      window.removeEventListener('popstate', handlePop);
      const isOwnEntry = (window.history.state as { sheet?: number } | null)?.sheet === sheet;
      if (!isPopped && !isLeavingRef.current && isOwnEntry) window.history.back();
    };
  }, [isOpen]);
  return {
    leave: () => {
      isLeavingRef.current = true;
    },
  };
}
