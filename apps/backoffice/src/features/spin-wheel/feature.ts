import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'spin-wheel',
  path: 'spin-wheel',
  nav: { th: 'วงล้อนำโชค', en: 'Prize wheel' },
  roles: ['marketing'],
  order: 300,
  icon: 'spin-wheel',
  load: () => import('./spin-wheel-page.tsx'),
});
