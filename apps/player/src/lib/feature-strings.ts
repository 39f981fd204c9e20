import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A namespace's string files by path, one per language (`import.meta.glob('./locales/*.json', { import: 'default' })`;
 * `…/<lang>.json` or `…/<lang>/<namespace>.json`).
 */
export type StringLoaders = Record<string, () => Promise<Record<string, unknown>>>;

/** The loader of `language`'s file, else Thai's. */
const loaderFor = (loaders: StringLoaders, language: string) => {
  const entries = Object.entries(loaders);
  const find = (lang: string) =>
    entries.find(([file]) => file.endsWith(`/${lang}.json`) || file.includes(`/${lang}/`))?.[1];
  return find(language) ?? find('th');
};

/**
 * Whether the strings are in: a language switch reloads every namespace used so far through the app's loader, which
 * knows nothing of a feature's own and leaves an empty bundle behind — an empty bundle is not loaded.
 */
const hasStrings = (language: string, namespace: string) =>
  Object.keys((i18next.getResourceBundle(language, namespace) as object | undefined) ?? {}).length > 0;

/** On a first load a route loader runs beside the app's i18n start-up (main.tsx): wait for it. */
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

/**
 * Puts `namespace` of `language` (default: the current one) into i18next unless it is there: for a route loader, a
 * lazy import beside a sheet's chunk, a toast, or a test. docs/i18n.md
 */
export async function ensureFeatureStrings(
  namespace: string,
  loaders: StringLoaders,
  language?: string,
): Promise<void> {
  await started();
  const lang = language ?? i18next.language;
  if (hasStrings(lang, namespace)) return;
  const load = loaderFor(loaders, lang);
  if (load) i18next.addResourceBundle(lang, namespace, await load(), true, true);
}

/**
 * A lazily loaded namespace (its strings load with the screen that reads them, one language at a time, not with the
 * language chunk every screen pays for: docs/i18n.md). True once `namespace` of the current language is in i18next,
 * loading it (again after a language switch) while `enabled`; render nothing that reads it before.
 */
export function useFeatureStrings(namespace: string, loaders: StringLoaders, enabled = true): boolean {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  const [loaded, setLoaded] = useState<string | null>(null);
  const isReady = loaded === language || hasStrings(language, namespace);

  useEffect(() => {
    if (!enabled || hasStrings(language, namespace)) return;
    let isCurrent = true;
    void ensureFeatureStrings(namespace, loaders, language).then(() => {
      if (isCurrent) setLoaded(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [enabled, language, namespace, loaders]);
  return isReady;
}
