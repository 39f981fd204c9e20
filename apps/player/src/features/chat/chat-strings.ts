import i18next from 'i18next';
import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';

/**
 * The chat strings ride in the widget's own lazy chunk (the language chunks feed /user/home, which is at its
 * budget): registered for every language once the widget loads.
 */
for (const [language, strings] of Object.entries({ th, la, en })) {
  if (!i18next.hasResourceBundle(language, 'chat')) i18next.addResourceBundle(language, 'chat', strings);
}
