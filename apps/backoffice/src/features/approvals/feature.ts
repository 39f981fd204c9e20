import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'approvals',
  path: 'approvals',
  nav: { th: 'รออนุมัติ (4 ตา)', en: 'Approvals' },
  roles: ['finance', 'admin'],
  order: 25,
  icon: 'shield',
  load: () => import('./approvals-page.tsx'),
});
