import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'deposits',
  path: 'deposits',
  nav: { th: 'รายการฝากเงิน', en: 'Deposits' },
  roles: ['finance'],
  order: 19,
  icon: 'deposit',
  load: () => import('./deposits-page.tsx'),
});
