import type { OperatorRole } from '@wallet/contract/admin/roles';
import type { AdminFeature } from './feature.ts';

// Every src/features/*/feature.ts, found at build time. A feature file is a few lines; its page is a lazy chunk.
const modules = import.meta.glob<{ default: AdminFeature }>('../features/*/feature.ts', { eager: true });

/** All features, sidebar order (then id). */
export const FEATURES: readonly AdminFeature[] = Object.values(modules)
  .map((m) => m.default)
  .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));

/** Whether an operator with `roles` may open a feature. */
export const mayOpen = (feature: Pick<AdminFeature, 'roles'>, roles: readonly OperatorRole[]): boolean =>
  feature.roles.length === 0 || feature.roles.some((role) => roles.includes(role));

export const featuresFor = (roles: readonly OperatorRole[]) => FEATURES.filter((f) => mayOpen(f, roles));
