import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'reports',
  path: 'reports',
  nav: { th: 'รายงาน', en: 'Reports' },
  roles: ['finance', 'admin'],
  order: 310,
  icon: 'chart',
  load: () => import('./reports-page.tsx'),
});
