import i18next from 'i18next';
import en from './line-locales/en.json';
import la from './line-locales/la.json';
import th from './line-locales/th.json';

/**
 * The LINE section's strings ride in its own lazy chunk (the profile route stays as it was): registered for every
 * language once the section loads.
 */
for (const [language, strings] of Object.entries({ th, la, en })) {
  if (!i18next.hasResourceBundle(language, 'line')) i18next.addResourceBundle(language, 'line', strings);
}
