// All catalogues at once, for tests and tooling. The app loads one language at a time (lib/i18n.ts), and the
// screens' own namespaces with their routes.
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

export const resources = { th: withScreens('th', th), la: withScreens('la', la), en: withScreens('en', en) } as const;
