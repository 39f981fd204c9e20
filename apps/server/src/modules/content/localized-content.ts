import type { Contact, Info } from '@wallet/contract/lookup';
import type { ContentTranslations, LocalizedContent } from '../settings/settings.api.ts';
import type { ContentLanguage } from './content-language.ts';

const nonEmpty = <T extends string | unknown[]>(value: T | undefined): value is T =>
  value !== undefined && value.length > 0;

/** Picks the requested language's form of a piece of content, Thai (the base settings) when it has none. */
export function localize<K extends keyof LocalizedContent>(
  translations: ContentTranslations,
  language: ContentLanguage,
  key: K,
  thai: NonNullable<LocalizedContent[K]>,
): NonNullable<LocalizedContent[K]> {
  if (language === 'th') return thai;
  const value = translations[language]?.[key];
  return nonEmpty(value as string | unknown[] | undefined) ? (value as NonNullable<LocalizedContent[K]>) : thai;
}

export const localizeContact = (t: ContentTranslations, language: ContentLanguage, contact: Contact): Contact => ({
  ...contact,
  contactText: localize(t, language, 'contactText', contact.contactText),
});

export const localizeInfo = (t: ContentTranslations, language: ContentLanguage, info: Info): Info => ({
  ...info,
  videos: localize(t, language, 'videos', info.videos),
});
