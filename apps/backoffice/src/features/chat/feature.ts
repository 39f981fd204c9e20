import { defineFeature } from '../../lib/feature.ts';

export default defineFeature({
  id: 'chat',
  path: 'chat',
  nav: { th: 'แชทลูกค้า', en: 'Live chat' },
  roles: ['support', 'admin'],
  order: 30,
  icon: 'chat',
  load: () => import('./chat-page.tsx'),
});
