import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'password',
  path: 'password',
  nav: { th: 'เปลี่ยนรหัสผ่าน', en: 'Change password' },
  roles: [],
  order: 1010,
  icon: 'key',
  load: () => import('./password-page.tsx'),
});
