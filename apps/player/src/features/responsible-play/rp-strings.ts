import i18next from 'i18next';
import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';

/** The responsible-play page's strings ride in its own lazy chunk: registered for every language once it loads. */
for (const [language, strings] of Object.entries({ th, la, en })) {
  if (!i18next.hasResourceBundle(language, 'responsiblePlay'))
    i18next.addResourceBundle(language, 'responsiblePlay', strings);
}
