import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../lib/i18n.ts';
import { resources } from '../locales/resources.ts';

// findBy*/waitFor give up after 10 s, not the library's 1 s: a lazy chunk or a slow render on a loaded 2-core
// machine (CI runs several suites at once) is not a failure. Tests that assert absence use queryBy*, unaffected.
configure({ asyncUtilTimeout: 10_000 });

// Tests switch languages synchronously: start i18next and hold every catalogue in memory up front.
await initI18n();
for (const [language, catalogue] of Object.entries(resources)) {
  for (const [namespace, tree] of Object.entries(catalogue)) {
    i18next.addResourceBundle(language, namespace, tree, true, true);
  }
}
