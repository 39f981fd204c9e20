import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import en from '../locales/en.ts';
import th from '../locales/th.ts';

afterEach(cleanup);

// findBy*/waitFor give up after 10 s, not the library's 1 s: a lazy chunk or a slow render on a loaded 2-core
// machine (CI runs several suites at once) is not a failure. Tests that assert absence use queryBy*, unaffected.
configure({ asyncUtilTimeout: 10_000 });

// Component tests read the console's real catalogues (every namespace of both languages), English by default.
await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  defaultNS: 'common',
  resources: { en, th },
  interpolation: { escapeValue: false },
  returnNull: false,
});
