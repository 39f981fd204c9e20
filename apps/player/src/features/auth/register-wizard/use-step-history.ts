import { useEffect, useRef } from 'react';

type StepEntry = { registerStep?: string };

/**
 * Each step forward in the wizard is a history entry, so the phone's back button or gesture steps back instead of
 * leaving the page; the wizard's own back button goes through the same entry. Answers the back handler for that
 * button. A draft resumed at a later step has no entries of its own: back there leaves as before.
 */
export function useStepHistory(step: string, order: readonly string[], onBack: () => void): () => void {
  const onBackRef = useRef(onBack);
  const previousRef = useRef(step);
  const orderRef = useRef(order);
  useEffect(() => {
    onBackRef.current = onBack;
    orderRef.current = order;
  });
  useEffect(() => {
    const isForward = orderRef.current.indexOf(step) > orderRef.current.indexOf(previousRef.current);
    previousRef.current = step;
    if (isForward) window.history.pushState({ ...(window.history.state as object), registerStep: step }, '');
  }, [step]);
  useEffect(() => {
    const handlePop = () => {
      // back past the first step leaves the page: the router handles that
      if (orderRef.current.indexOf(previousRef.current) > 0) onBackRef.current();
    };
    window.addEventListener('popstate', handlePop);
    return () => window.removeEventListener('popstate', handlePop);
  }, []);
  return () => {
    if ((window.history.state as StepEntry | null)?.registerStep === previousRef.current) window.history.back();
    else onBackRef.current();
  };
}
