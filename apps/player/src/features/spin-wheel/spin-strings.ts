import i18next from 'i18next';
import { useEffect, useState } from 'react';

/**
 * The `spin` namespace loads with the spin route, not with the language chunk every screen pays for (the
 * /user/home bundle budget, DESIGN.md §8). `ensureSpinStrings` runs in the route loader; the hook loads the
 * namespace of a language switched to while the screen is open and re-renders once it is there.
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

export async function ensureSpinStrings(language: string = i18next.language): Promise<void> {
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
