import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import { Spinner } from '@wallet/ui/spinner';

/** Shown for the 2 s between a successful registration and the redirect to /login. */
export function RegisterSuccess() {
  const { t } = useTranslation('auth');
  return (
    <section
      role="status"
      data-testid="register-success"
      className="flex flex-col items-center gap-4 py-16 text-center animate-pop-in"
    >
      <span className="flex size-20 items-center justify-center rounded-full bg-success/15 text-success ring-8 ring-success/5">
        <Icon name="check" className="size-10" />
      </span>
      <h1 className="text-2xl font-bold text-fg">{t('register.success.title')}</h1>
      <p className="max-w-xs text-sm leading-relaxed text-muted">{t('register.success.body')}</p>
      <p className="flex items-center gap-2 text-sm text-subtle">
        <Spinner size="sm" />
        {t('register.success.redirecting')}
      </p>
    </section>
  );
}
