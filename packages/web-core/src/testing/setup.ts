import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import en from '../locales/en/errors.json';
import la from '../locales/la/errors.json';
import th from '../locales/th/errors.json';

// vitest runs without globals, so Testing Library's auto-cleanup is not registered
afterEach(cleanup);

// findBy*/waitFor give up after 10 s, not the library's 1 s: a lazy chunk or a slow render on a loaded 2-core
// machine (CI runs several suites at once) is not a failure. Tests that assert absence use queryBy*, unaffected.
configure({ asyncUtilTimeout: 10_000 });

/** The shared catalogues in memory, Thai first (the apps' default). */
export const errorResources = { th: { errors: th }, la: { errors: la }, en: { errors: en } };

await i18next.use(initReactI18next).init({
  lng: 'th',
  fallbackLng: false,
  defaultNS: 'common',
  resources: errorResources,
  interpolation: { escapeValue: false },
});
