/** Every route of docs/spec.md §2, as a typed object. */
export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  register: {
    path: '/register',
    getHref: (code?: string) => (code ? `/register?code=${encodeURIComponent(code)}` : '/register'),
  },
  howto: '/howto',
  contact: '/contact',
  user: '/user',
  home: '/user/home',
  profile: '/user/profile',
  bonus: '/user/bonus',
  statement: '/user/statement',
  bets: '/user/bets',
  userContact: '/user/contact',
  spin: '/user/spin',
  responsiblePlay: '/user/responsible-play',
  terminated: '/terminated',
  /** the invite link {origin}/register?code=PR{profile id} */
  inviteLink: (origin: string, profileId: string) => `${origin}/register?code=PR${profileId}`,
} as const;
