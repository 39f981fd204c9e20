import type { OperatorRole } from '@wallet/contract/admin/roles';
import type { ComponentType } from 'react';
import type { AdminIconName } from '../components/admin-icon.tsx';

/**
 * One page of the operator console. A folder `src/features/<id>/` whose `feature.ts` default-exports this is found
 * by the shell (import.meta.glob): no hand-kept list. See apps/backoffice/README.md.
 */
export type AdminFeature = {
  /** the folder name; also the i18n namespace of the feature's locales/{th,en}.json */
  id: string;
  /** the route under /admin, e.g. 'withdrawals' (may hold sub-routes: the page gets `*`) */
  path: string;
  /** the sidebar label in each language */
  nav: { th: string; en: string };
  /** operators holding ANY of these roles see and open the page; [] = every operator */
  roles: readonly OperatorRole[];
  /** sidebar position, ascending */
  order: number;
  /** the page, loaded on first visit (keep it a dynamic import: `() => import('./page.tsx')`) */
  load: () => Promise<{ default: ComponentType }>;
  /** sidebar icon (packages/ui Icon name); default 'info' */
  icon?: AdminIconName;
  /** false hides it from the sidebar (a page reached by link only) */
  inNav?: boolean;
};

/** Identity with types: `export default defineFeature({ ... })`. */
export const defineFeature = (feature: AdminFeature): AdminFeature => feature;
