import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'promotion-report',
  path: 'promotion-report',
  nav: { th: 'รายงานโปรโมชั่น', en: 'Promotion report' },
  roles: ['marketing', 'admin'],
  order: 320,
  icon: 'chart',
  load: () => import('./report-page.tsx'),
});
