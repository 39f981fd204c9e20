import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'operators',
  path: 'operators',
  nav: { th: 'เจ้าหน้าที่', en: 'Operators' },
  roles: ['admin'],
  order: 900,
  icon: 'users',
  load: () => import('./operators-page.tsx'),
});
