import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'audit',
  path: 'audit',
  nav: { th: 'บันทึกการตรวจสอบ', en: 'Audit log' },
  roles: ['admin'],
  order: 920,
  icon: 'shield',
  load: () => import('./audit-page.tsx'),
});
