import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'members',
  path: 'members',
  nav: { th: 'สมาชิก', en: 'Members' },
  roles: ['support', 'finance'],
  order: 50,
  icon: 'users',
  load: () => import('./members-page.tsx'),
});
