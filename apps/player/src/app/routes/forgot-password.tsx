import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '@wallet/web-core/toast';
import { paths } from '../../config/paths.ts';
import { ForgotPassword } from '../../features/auth/forgot-password/forgot-password.tsx';
import { BrandLogo } from '../../features/site/brand-logo.tsx';

/** /forgot-password: a new password by SMS code, then straight into the wallet. */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <main data-route="forgot-password" className="flex flex-col gap-7 pt-3">
      <header className="flex flex-col items-center gap-3 text-center">
        <BrandLogo size="lg" />
      </header>
      <section className="flex flex-col gap-5 rounded-[var(--radius-card)] bg-gradient-to-b from-surface to-bg-raised p-5 shadow-card ring-1 ring-line">
        <ForgotPassword
          onSignedIn={() => {
            notify.success(t('forgot.done'));
            void navigate(paths.home, { replace: true });
          }}
        />
      </section>
      <p className="text-center text-sm text-muted">
        <Link
          to={paths.login}
          className="inline-flex min-h-11 items-center px-1 font-semibold text-primary hover:underline"
          data-testid="back-to-login"
        >
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </main>
  );
}
