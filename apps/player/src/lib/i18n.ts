import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { IS_LAO_VARIANT } from '../config/build-flags.ts';
import { storage } from './storage.ts';

export const LANGUAGES = ['th', 'la', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = IS_LAO_VARIANT ? 'la' : 'th';

/** `la` is the product's code for Lao; the ISO / Intl / dayjs code is `lo`. */
export const intlLocale = (language: string): string => (language === 'la' ? 'lo' : language);

type Catalogue = Record<string, Record<string, unknown>>;
/** One chunk per language: a phone downloads only the language it shows. */
const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  th: () => import('../locales/th.ts'),
  la: () => import('../locales/la.ts'),
  en: () => import('../locales/en.ts'),
};
const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    loaders[language]()
      .then((module) => callback(null, module.default[namespace] ?? {}))
      .catch((err: Error) => callback(err, null));
  },
};

const applyHtmlLang = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(language);
};

/** Load the stored (or default) language and start i18next; the app renders once this resolves. */
export async function initI18n(): Promise<typeof i18next> {
  if (i18next.isInitialized) return i18next;
  const stored = storage.getLocale();
  const initial: Language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  const catalogue = (await loaders[initial]()).default;
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: initial,
      fallbackLng: false,
      ns: Object.keys(catalogue),
      defaultNS: 'common',
      resources: { [initial]: catalogue },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  applyHtmlLang(initial);
  i18next.on('languageChanged', (language) => {
    storage.setLocale(language);
    applyHtmlLang(language);
  });
  return i18next;
}

export default i18next;
