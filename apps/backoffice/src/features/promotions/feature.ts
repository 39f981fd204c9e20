import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'promotions',
  path: 'promotions',
  nav: { th: 'โปรโมชั่น', en: 'Promotions' },
  roles: ['marketing', 'admin'],
  order: 310,
  icon: 'gift',
  load: () => import('./promotions-page.tsx'),
});
