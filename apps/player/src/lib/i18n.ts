import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { IS_LAO_VARIANT } from '../config/build-flags.ts';
import { storage } from './storage.ts';
import { resources } from '../locales/resources.ts';

export const LANGUAGES = ['th', 'la', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = IS_LAO_VARIANT ? 'la' : 'th';

/** `la` is the product's code for Lao; the ISO / Intl / dayjs code is `lo`. */
export const intlLocale = (language: string): string => (language === 'la' ? 'lo' : language);

const stored = storage.getLocale();
const initial: Language = LANGUAGES.includes(stored as Language) ? (stored as Language) : DEFAULT_LANGUAGE;

void i18next.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: false,
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const applyHtmlLang = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(language);
};
applyHtmlLang(initial);
i18next.on('languageChanged', (language) => {
  storage.setLocale(language);
  applyHtmlLang(language);
});

export default i18next;
