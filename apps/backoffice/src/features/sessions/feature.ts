import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'sessions',
  path: 'sessions',
  nav: { th: 'เซสชันของฉัน', en: 'My sessions' },
  roles: [],
  order: 1000,
  icon: 'monitor',
  load: () => import('./sessions-page.tsx'),
});
