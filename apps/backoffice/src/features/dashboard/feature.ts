import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'dashboard',
  path: 'dashboard',
  nav: { th: 'ภาพรวม', en: 'Dashboard' },
  roles: [],
  order: 10,
  icon: 'chart',
  load: () => import('./dashboard-page.tsx'),
});
