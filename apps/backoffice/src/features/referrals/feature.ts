import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'referrals',
  path: 'referrals',
  nav: { th: 'แนะนำเพื่อนและเงินคืน', en: 'Referral & refunds' },
  roles: ['marketing', 'admin'],
  order: 330,
  icon: 'referral',
  load: () => import('./referrals-page.tsx'),
});
