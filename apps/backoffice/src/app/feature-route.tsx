import { Suspense, type ComponentType } from 'react';
import { ForbiddenState, LoadingState } from '../components/states.tsx';
import type { AdminFeature } from '../lib/feature.ts';
import { mayOpen } from '../lib/features.ts';
import { useOperator } from '../lib/operator.ts';

/**
 * A feature's page (`page` is `lazy(feature.load)`, made once in router.tsx), when the operator's roles open it;
 * the server refuses its endpoints otherwise anyway.
 */
export function FeatureRoute({ feature, page: Page }: { feature: AdminFeature; page: ComponentType }) {
  const me = useOperator();
  if (!mayOpen(feature, me.roles)) return <ForbiddenState />;
  return (
    <Suspense fallback={<LoadingState />}>
      <Page />
    </Suspense>
  );
}
