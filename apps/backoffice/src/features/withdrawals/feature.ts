import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'withdrawals',
  path: 'withdrawals',
  nav: { th: 'คำขอถอนเงิน', en: 'Withdrawals' },
  roles: ['finance'],
  order: 20,
  icon: 'withdraw',
  load: () => import('./withdrawals-page.tsx'),
});
