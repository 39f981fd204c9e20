import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { LanguageSwitcher } from '../../features/site/language-switcher.tsx';
import { BottomNav } from '../shell/bottom-nav.tsx';
import { TopBar } from '../shell/top-bar.tsx';

/**
 * Visitor shell (/login, /register, /howto, /contact): brand + language switcher on top,
 * bottom menu home (/login), register, howto, contact. Screens render inside a 480 px column with 16 px gutters (600 px from 768 px).
 */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar actions={<LanguageSwitcher />} />
      <div className="mx-auto w-full max-w-[480px] flex-1 px-4 pt-5 pb-[calc(6rem+env(safe-area-inset-bottom))] md:max-w-[600px] lg:pt-8 lg:pb-12">
        <Outlet />
      </div>
      <BottomNav
        label={t('nav.menu')}
        items={[
          { key: 'home', label: t('nav.home'), icon: 'home', to: paths.login },
          { key: 'register', label: t('nav.register'), icon: 'register', to: paths.register.path },
          { key: 'howto', label: t('nav.howto'), icon: 'play', to: paths.howto },
          { key: 'contact', label: t('nav.contact'), icon: 'chat', to: paths.contact },
        ]}
      />
    </div>
  );
}
