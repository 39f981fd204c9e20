import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import errors from '@wallet/web-core/locales/th/errors.json';

afterEach(cleanup);

// findBy*/waitFor give up after 10 s, not the library's 1 s: a lazy chunk or a slow render on a loaded 2-core
// machine (CI runs several suites at once) is not a failure. Tests that assert absence use queryBy*, unaffected.
configure({ asyncUtilTimeout: 10_000 });

/**
 * The kit reads a few keys of the host app's `common` namespace (README.md "Strings"); the tests hold the
 * player's Thai wording of exactly those keys.
 */
const common = {
  actions: { ok: 'ตกลง', close: 'ปิด' },
  pagination: { label: 'เลือกหน้า', previous: 'หน้าก่อนหน้า', next: 'หน้าถัดไป', page: 'หน้า {{page}}' },
  password: { show: 'แสดงรหัสผ่าน', hide: 'ซ่อนรหัสผ่าน' },
  status: { loading: 'กำลังโหลด…' },
};

await i18next.use(initReactI18next).init({
  lng: 'th',
  fallbackLng: false,
  defaultNS: 'common',
  resources: { th: { common, errors } },
  interpolation: { escapeValue: false },
});
