import { bootstrapI18n, type Catalogue } from '@wallet/web-core/i18n';
import { safe } from '@wallet/web-core/storage';

/** Operators in Thailand and Laos read Thai; English for the rest. */
export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'wallet.admin.language';

const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  th: () => import('../locales/th.ts'),
  en: () => import('../locales/en.ts'),
};

export const initI18n = () =>
  bootstrapI18n({
    languages: LANGUAGES,
    defaultLanguage: 'th',
    loaders,
    storedLanguage: safe(() => localStorage.getItem(LANGUAGE_KEY), null),
    onLanguageChanged: (language) => safe(() => localStorage.setItem(LANGUAGE_KEY, language), undefined),
  });

export const asLanguage = (value: string | undefined): Language => (value === 'en' ? 'en' : 'th');
