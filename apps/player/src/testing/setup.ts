import '@testing-library/jest-dom/vitest';
import i18next from 'i18next';
import { initI18n } from '../lib/i18n.ts';
import { resources } from '../locales/resources.ts';

// Tests switch languages synchronously: start i18next and hold every catalogue in memory up front.
await initI18n();
for (const [language, catalogue] of Object.entries(resources)) {
  for (const [namespace, tree] of Object.entries(catalogue)) {
    i18next.addResourceBundle(language, namespace, tree, true, true);
  }
}
