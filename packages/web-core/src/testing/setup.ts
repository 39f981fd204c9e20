import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import en from '../locales/en/errors.json';
import la from '../locales/la/errors.json';
import th from '../locales/th/errors.json';

// vitest runs without globals, so Testing Library's auto-cleanup is not registered
afterEach(cleanup);

/** The shared catalogues in memory, Thai first (the apps' default). */
export const errorResources = { th: { errors: th }, la: { errors: la }, en: { errors: en } };

await i18next.use(initReactI18next).init({
  lng: 'th',
  fallbackLng: false,
  defaultNS: 'common',
  resources: errorResources,
  interpolation: { escapeValue: false },
});
