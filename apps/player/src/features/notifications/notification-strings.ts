import i18next from 'i18next';
import { useEffect, useState } from 'react';

/**
 * The `notifications` namespace loads with the inbox sheet or the first toast, not with the language chunk every
 * screen pays for (the /user/home bundle budget, docs/performance.md).
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });
const NAMESPACE = 'notifications';
/** an empty bundle can be there: i18next's backend answers {} for a namespace the language chunk lacks */
const isLoaded = (language: string) => Boolean(i18next.getResourceBundle(language, NAMESPACE)?.title);

export async function ensureNotificationStrings(language = i18next.language): Promise<void> {
  if (isLoaded(language)) return;
  const load = bundles[`./locales/${language}.json`] ?? bundles['./locales/th.json'];
  if (load) i18next.addResourceBundle(language, NAMESPACE, await load(), true, true);
}

/** Loads the namespace of a language switched to while the sheet is open; true once it is there. */
export function useNotificationStrings(language: string): boolean {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void ensureNotificationStrings(language).then(() => isCurrent && setLoaded(language));
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return loaded === language || isLoaded(language);
}
