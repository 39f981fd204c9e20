import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';

/** A feature's string files by path (`import.meta.glob('./locales/*.json', { import: 'default' })`). */
export type StringLoaders = Record<string, () => Promise<Record<string, unknown>>>;

/** The loader of `language`'s file (`…/<language>.json`), else Thai's. */
const loaderFor = (loaders: StringLoaders, language: string) => {
  const entries = Object.entries(loaders);
  const find = (lang: string) => entries.find(([file]) => file.endsWith(`/${lang}.json`))?.[1];
  return find(language) ?? find('th');
};

/**
 * Whether the strings are in: a language switch reloads every namespace used so far through the app's loader, which
 * knows nothing of a feature's own and leaves an empty bundle behind — an empty bundle is not loaded.
 */
const hasStrings = (instance: i18n, language: string, namespace: string) =>
  Object.keys((instance.getResourceBundle(language, namespace) as object | undefined) ?? {}).length > 0;

/**
 * A lazy feature's own namespace (its strings load with its chunk, one language at a time, not with the language
 * chunk every screen pays for: docs/i18n.md). True once `namespace` of the current language is in i18next;
 * render nothing that reads it before.
 */
export function useFeatureStrings(namespace: string, loaders: StringLoaders): boolean {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  const [loaded, setLoaded] = useState<string | null>(null);
  const isReady = loaded === language || hasStrings(instance, language, namespace);

  useEffect(() => {
    if (hasStrings(instance, language, namespace)) return;
    let isCurrent = true;
    void loaderFor(loaders, language)?.().then((strings) => {
      instance.addResourceBundle(language, namespace, strings, true, true);
      if (isCurrent) setLoaded(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [instance, language, namespace, loaders]);
  return isReady;
}
