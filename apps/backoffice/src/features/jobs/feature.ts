import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'jobs',
  path: 'jobs',
  nav: { th: 'งานเบื้องหลัง', en: 'Jobs' },
  roles: ['admin'],
  order: 930,
  icon: 'jobs',
  load: () => import('./jobs-page.tsx'),
});
