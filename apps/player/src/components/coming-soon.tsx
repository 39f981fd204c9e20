import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { Button } from '@wallet/ui/button';
import { Icon, type IconName } from '@wallet/ui/icon';

type ComingSoonProps = {
  icon: IconName;
  title: ReactNode;
  /** usually a Button back home */
  action?: ReactNode;
};

/** A placeholder screen for a member feature that has not shipped yet. */
function ComingSoon({ icon, title, action }: ComingSoonProps) {
  const { t } = useTranslation('common');
  return (
    <section className="relative overflow-hidden rounded-[var(--radius-card)] bg-[linear-gradient(160deg,color-mix(in_oklab,var(--color-accent)_40%,var(--color-surface)),var(--color-bg-raised)_70%)] px-6 pt-10 pb-8 text-center shadow-card ring-1 ring-line">
      <span aria-hidden className="absolute -top-16 -right-16 size-48 rounded-full bg-primary/15 blur-3xl" />
      <div className="relative mx-auto flex size-20 items-center justify-center rounded-3xl bg-gradient-to-b from-[color-mix(in_oklab,var(--color-primary)_75%,white)] to-primary text-on-primary shadow-glow">
        <Icon name={icon} className="size-10" strokeWidth={1.9} />
      </div>
      <p className="relative mt-6 inline-flex items-center gap-1.5 rounded-full bg-primary/15 px-3 py-1 text-xs font-bold tracking-wide text-primary uppercase">
        <Icon name="sparkle" className="size-3.5" />
        {t('comingSoon.badge')}
      </p>
      <h1 className="relative mt-3 text-2xl leading-snug font-bold">{title}</h1>
      <p className="relative mx-auto mt-2 max-w-xs text-base text-muted">{t('comingSoon.body')}</p>
      {action && <div className="relative mt-7">{action}</div>}
    </section>
  );
}

/** A whole member route that has not shipped yet: the placeholder with a back-home button. */
export function ComingSoonScreen({ route, icon, title }: { route: string; icon: IconName; title: ReactNode }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <main data-route={route}>
      <ComingSoon
        icon={icon}
        title={title}
        action={
          <Button
            variant="secondary"
            icon={<Icon name="home" className="size-5" />}
            onClick={() => void navigate(paths.home)}
          >
            {t('actions.backHome')}
          </Button>
        }
      />
    </main>
  );
}
