import i18next from 'i18next';
import { bootstrapI18n, type Catalogue } from '@wallet/web-core/i18n';
import { IS_LAO_VARIANT } from '../config/build-flags.ts';
import { storage } from './storage.ts';

export const LANGUAGES = ['th', 'la', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const DEFAULT_LANGUAGE: Language = IS_LAO_VARIANT ? 'la' : 'th';

/** One chunk per language: a phone downloads only the language it shows. */
const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  th: () => import('../locales/th.ts'),
  la: () => import('../locales/la.ts'),
  en: () => import('../locales/en.ts'),
};

/**
 * The screens' own namespaces: not in the language chunk, each loaded with its route (app/router.tsx) or, for a
 * dialog, when it first renders (i18next suspends it). The language chunks exclude the same files (locales/th.ts).
 */
const screenStrings = import.meta.glob<Record<string, unknown>>(
  '../locales/*/{auth,content,profile,statement,withdraw}.json',
  { import: 'default' },
);
/** The error texts: needed only once something fails, so they load just after start-up, not with the first screen. */
const errorStrings: Record<Language, () => Promise<Record<string, unknown>>> = {
  th: () => import('@wallet/web-core/locales/th/errors.json').then((m) => m.default),
  la: () => import('@wallet/web-core/locales/la/errors.json').then((m) => m.default),
  en: () => import('@wallet/web-core/locales/en/errors.json').then((m) => m.default),
};
const namespaceLoader = (language: Language, namespace: string) =>
  namespace === 'errors' ? errorStrings[language]() : screenStrings[`../locales/${language}/${namespace}.json`]?.();

/** Load the stored (or default) language and start i18next; the app renders once this resolves. */
export const initI18n = () =>
  bootstrapI18n({
    languages: LANGUAGES,
    defaultLanguage: DEFAULT_LANGUAGE,
    loaders,
    storedLanguage: storage.getLocale(),
    onLanguageChanged: storage.setLocale,
    namespaceLoader,
  }).then((instance) => {
    // beside the first screen's chunks; a language switch loads it again with the other namespaces
    void instance.loadNamespaces('errors');
    return instance;
  });

export default i18next;
