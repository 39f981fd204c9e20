import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LoginForm } from '../../features/auth/login-form.tsx';
import { BrandLogo } from '../../features/site/brand-logo.tsx';

/**
 * Router state for /login: the phone /register just registered (to prefill), or `isSessionEnded` when the server
 * refused the session (revoked by a password change or on another device).
 */
export type LoginState = { phone?: string; isSessionEnded?: boolean };

const phoneFrom = (state: unknown): string =>
  typeof state === 'object' && state !== null && typeof (state as LoginState).phone === 'string'
    ? ((state as LoginState).phone ?? '')
    : '';

/** /login: phone, password, remember me and a link to register; the shell's top bar holds the language switcher (docs/spec.md §2). */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const isSessionEnded = (location.state as LoginState | null)?.isSessionEnded === true;
  return (
    <main data-route="login" className="flex flex-col gap-7 pt-3">
      <header className="flex flex-col items-center gap-3 text-center">
        <BrandLogo size="lg" />
        <p className="text-sm text-muted">{t('login.subtitle')}</p>
      </header>
      <section className="flex flex-col gap-5 rounded-[var(--radius-card)] bg-gradient-to-b from-surface to-bg-raised p-5 shadow-card ring-1 ring-line">
        <h1 className="text-xl font-bold tracking-tight text-fg">{t('login.title')}</h1>
        {isSessionEnded && (
          <p
            role="status"
            data-testid="session-ended"
            className="-mt-2 rounded-2xl bg-warning/15 px-4 py-3 text-sm text-fg ring-1 ring-warning/40 ring-inset"
          >
            {t('login.sessionEnded')}
          </p>
        )}
        <LoginForm
          defaultUsername={phoneFrom(location.state)}
          onSuccess={() => void navigate(paths.home, { replace: true })}
        />
        <Link
          to={paths.forgotPassword}
          className="-mt-2 inline-flex min-h-11 items-center self-center px-2 text-sm font-semibold text-primary hover:underline"
          data-testid="forgot-link"
        >
          {t('login.forgot')}
        </Link>
      </section>
      <p className="text-center text-sm text-muted">
        {t('login.noAccount')}{' '}
        <Link
          to={paths.register.path}
          className="inline-flex min-h-11 items-center px-1 font-semibold text-primary hover:underline"
          data-testid="register-link"
        >
          {t('login.registerLink')}
        </Link>
      </p>
    </main>
  );
}
