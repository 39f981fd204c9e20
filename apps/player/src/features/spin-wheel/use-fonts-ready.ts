import { useEffect, useState } from 'react';

export const WHEEL_FONT_FAMILY = "'Noto Sans Thai', 'Noto Sans Lao', ui-sans-serif, system-ui, sans-serif";

/**
 * True once the Thai and Lao faces for these labels have loaded (docs/spec.md: labels are drawn after the fonts load),
 * so the canvas never paints tofu or a fallback face it would have to repaint.
 */
export function useFontsReady(labels: string[]): boolean {
  const text = labels.join('');
  const [readyFor, setReadyFor] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    const done = () => isCurrent && setReadyFor(text);
    if (!fonts) {
      done();
      return;
    }
    Promise.all([fonts.load(`700 16px 'Noto Sans Thai'`, text), fonts.load(`700 16px 'Noto Sans Lao'`, text)])
      .then(() => fonts.ready)
      .then(done, done);
    return () => {
      isCurrent = false;
    };
  }, [text]);
  return readyFor === text;
}
