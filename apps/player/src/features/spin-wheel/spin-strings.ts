import i18next from 'i18next';
import { useEffect, useState } from 'react';

/**
 * The `spin` namespace loads with the spin route, not with the language chunk every screen pays for (the
 * /user/home bundle budget, docs/design.md §8). `ensureSpinStrings` runs in the route loader; the hook loads the
 * namespace of a language switched to while the screen is open and re-renders once it is there.
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

/** On a first load the route loader runs beside the app's i18n start-up (main.tsx): wait for it. */
const started = (): Promise<void> =>
  i18next.isInitialized
    ? Promise.resolve()
    : new Promise((resolve) => {
        const done = () => {
          i18next.off('initialized', done);
          resolve();
        };
        i18next.on('initialized', done);
      });

export async function ensureSpinStrings(requested?: string): Promise<void> {
  await started();
  const language = requested ?? i18next.language;
  if (i18next.hasResourceBundle(language, 'spin')) return;
  const load = bundles[`./locales/${language}.json`];
  if (!load) return;
  i18next.addResourceBundle(language, 'spin', await load(), true, true);
}

export function useSpinStrings(): void {
  const [, setLoaded] = useState('');
  useEffect(() => {
    const onChange = (language: string) => void ensureSpinStrings(language).then(() => setLoaded(language));
    i18next.on('languageChanged', onChange);
    return () => i18next.off('languageChanged', onChange);
  }, []);
}
