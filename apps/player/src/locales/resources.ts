// All catalogues at once, for tests and tooling. The app loads one language at a time (lib/i18n.ts).
import en from './en.ts';
import la from './la.ts';
import th from './th.ts';

export const resources = { th, la, en } as const;
