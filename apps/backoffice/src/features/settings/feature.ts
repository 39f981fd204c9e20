import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'settings',
  path: 'settings',
  nav: { th: 'ตั้งค่าระบบ', en: 'Settings' },
  roles: ['admin'],
  order: 910,
  icon: 'settings',
  load: () => import('./settings-page.tsx'),
});
