// All catalogues at once, for tests and tooling. The app loads one language at a time (lib/i18n.ts), and the
// screens' own namespaces with their routes.
import enErrors from '@wallet/web-core/locales/en/errors.json';
import laErrors from '@wallet/web-core/locales/la/errors.json';
import thErrors from '@wallet/web-core/locales/th/errors.json';
import en from './en.ts';
import la from './la.ts';
import th from './th.ts';

const screens = import.meta.glob<Record<string, unknown>>(
  './*/{auth,content,profile,promotions,statement,withdraw}.json',
  {
    eager: true,
    import: 'default',
  },
);
const withScreens = (language: string, catalogue: Record<string, Record<string, unknown>>) => ({
  ...catalogue,
  ...Object.fromEntries(
    Object.entries(screens)
      .filter(([file]) => file.startsWith(`./${language}/`))
      .map(([file, tree]) => [file.slice(`./${language}/`.length, -'.json'.length), tree]),
  ),
});

export const resources = {
  th: { ...withScreens('th', th), errors: thErrors },
  la: { ...withScreens('la', la), errors: laErrors },
  en: { ...withScreens('en', en), errors: enErrors },
} as const;
