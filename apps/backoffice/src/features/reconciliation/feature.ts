import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'reconciliation',
  path: 'reconciliation',
  nav: { th: 'กระทบยอด', en: 'Reconciliation' },
  roles: ['finance'],
  order: 60,
  icon: 'shield',
  load: () => import('./reconciliation-page.tsx'),
});
