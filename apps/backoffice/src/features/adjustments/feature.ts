import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'adjustments',
  path: 'adjustments',
  nav: { th: 'อนุมัติปรับยอด', en: 'Adjustments' },
  roles: ['finance'],
  order: 30,
  icon: 'swap',
  load: () => import('./adjustments-page.tsx'),
});
