import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** `la` is the product's code for Lao; the ISO / Intl / dayjs code is `lo`. */
export const intlLocale = (language: string): string => (language === 'la' ? 'lo' : language);

export type Catalogue = Record<string, Record<string, unknown>>;

export type I18nOptions<L extends string> = {
  languages: readonly L[];
  defaultLanguage: L;
  /** one chunk per language: a phone downloads only the language it shows */
  loaders: Record<L, () => Promise<{ default: Catalogue }>>;
  /** the language the player chose last time (null when none) */
  storedLanguage: string | null;
  /** called on every language change, to remember the choice */
  onLanguageChanged: (language: string) => void;
  /**
   * A screen's own namespace, loaded on its own when the screen needs it (undefined: the namespace is in the
   * language's catalogue). Keeps the first screen's language chunk small.
   */
  namespaceLoader?: (language: L, namespace: string) => Promise<Record<string, unknown>> | undefined;
};

/** `<html lang>` and the page description (common:app.description, when the app has one) follow the language. */
const applyHtmlLang = (language: string) => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = intlLocale(language);
  const description = i18next.t('app.description', { ns: 'common', lng: language, defaultValue: '' });
  if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
};

/** Load the stored (or default) language and start i18next; the app renders once this resolves. */
export async function bootstrapI18n<L extends string>(options: I18nOptions<L>): Promise<typeof i18next> {
  if (i18next.isInitialized) return i18next;
  const { languages, defaultLanguage, loaders, storedLanguage, onLanguageChanged, namespaceLoader } = options;
  const isLanguage = (value: unknown): value is L => languages.includes(value as L);
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read(language, namespace, callback) {
      if (!isLanguage(language)) return callback(null, {});
      const strings =
        namespaceLoader?.(language, namespace) ?? loaders[language]().then((module) => module.default[namespace] ?? {});
      strings.then((tree) => callback(null, tree)).catch((err: Error) => callback(err, null));
    },
  };
  const initial: L = isLanguage(storedLanguage) ? storedLanguage : defaultLanguage;
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
    onLanguageChanged(language);
    applyHtmlLang(language);
  });
  return i18next;
}
