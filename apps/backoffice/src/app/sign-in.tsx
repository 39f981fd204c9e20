import { adminApi } from '@wallet/contract/admin/admin-api';
import type { TotpEnrolment } from '@wallet/contract/admin/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { PasswordField } from '@wallet/ui/password-field';
import { TextField } from '@wallet/ui/text-field';
import { errorMessage } from '@wallet/web-core/present-error';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminIcon } from '../components/admin-icon.tsx';
import { adminCall } from '../lib/api.ts';
import { LanguageSwitch } from './language-switch.tsx';

const CODE = /^\d{6}$/;

/** The secret written in an otpauth:// URI, in groups of four for typing by hand. */
const secretOf = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();

/** A safe place to go after signing in: a path inside the console, never another site. */
const nextPath = (next: string | null) =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';

type SignInFormProps = {
  /** the operator whose session ended: shown, not typed (another account signs in on /login) */
  username?: string;
  onSignedIn: () => void | Promise<void>;
  /** told when the form shows the enrolment QR (true) or the sign-in fields again (false) */
  onEnrolling?: (isEnrolling: boolean) => void;
};

/**
 * Username, password and authenticator code. An operator whose TOTP is not confirmed yet leaves the code empty: the
 * server answers with the QR to scan, and the first code from it confirms the enrolment and signs in. The session
 * comes back as the browser's httpOnly cookie, shared by its tabs (docs/decisions/0021-operator-console-session.md).
 */
export function SignInForm({ username: fixedUsername, onSignedIn, onEnrolling }: SignInFormProps) {
  const { t } = useTranslation('shell');
  const [username, setUsername] = useState(fixedUsername ?? '');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const code = totp.replace(/\s/g, '');
    if ((enrolment && !CODE.test(code)) || (code && !CODE.test(code))) {
      setError(t('signIn.codeFormat'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const answer = await adminCall(adminApi.auth.login, {
        body: { username: username.trim(), password, session: 'cookie', ...(code ? { totp: code } : {}) },
      });
      if ('enrolment' in answer) {
        setEnrolment(answer.enrolment);
        onEnrolling?.(true);
        setTotp('');
        setPending(false);
        return;
      }
      await onSignedIn();
    } catch (err) {
      setError(errorMessage(err));
      setTotp('');
      setPending(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid={enrolment ? 'enrol-form' : 'sign-in-form'}
    >
      {enrolment ? (
        <>
          <p className="text-sm text-muted">{t('signIn.enrolBody')}</p>
          <div className="mx-auto rounded-2xl bg-white p-3">
            <img src={enrolment.qr} width={200} height={200} alt="QR" data-testid="totp-qr" />
          </div>
          <div className="text-center">
            <p className="text-xs text-muted">{t('signIn.enrolSecret')}</p>
            <code className="mt-1 block font-mono text-sm tracking-wider break-all text-fg" data-testid="totp-secret">
              {secretOf(enrolment.uri)}
            </code>
          </div>
        </>
      ) : (
        <>
          {fixedUsername ? (
            <p className="text-sm text-muted" data-testid="sign-in-username">
              {t('layout.signedInAs')} <strong className="text-fg">{fixedUsername}</strong>
            </p>
          ) : (
            <TextField
              label={t('signIn.username')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
              autoFocus
            />
          )}
          <PasswordField
            label={t('signIn.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            autoFocus={fixedUsername !== undefined}
          />
        </>
      )}
      <TextField
        label={t('signIn.totp')}
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        placeholder="000000"
        value={totp}
        onChange={(e) => setTotp(e.target.value.replace(/[^\d ]/g, ''))}
        hint={enrolment ? undefined : t('signIn.totpHint')}
        autoFocus={enrolment !== null}
        className="tracking-[0.3em] tabular-nums"
      />
      {error && (
        <p
          role="alert"
          className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30"
          data-testid="sign-in-error"
        >
          {error}
        </p>
      )}
      <Button type="submit" size="lg" isBlock isLoading={isPending}>
        {enrolment ? t('signIn.enrolSubmit') : t('signIn.submit')}
      </Button>
      {enrolment && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setEnrolment(null);
            onEnrolling?.(false);
            setTotp('');
            setError(null);
          }}
        >
          {t('signIn.back')}
        </Button>
      )}
    </form>
  );
}

/** /admin/login: the form, then the page the operator was sent from (`next=`), or the first page. */
export function SignIn() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const isExpired = search.get('expired') === '1';
  const [isEnrolling, setEnrolling] = useState(false);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div className="absolute top-4 right-4">
        <LanguageSwitch />
      </div>
      <div className="w-full max-w-[420px]">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-primary text-on-primary shadow-glow">
            <AdminIcon name="shield" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold text-fg">{isEnrolling ? t('signIn.enrolTitle') : t('signIn.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('signIn.subtitle')}</p>
        </div>
        <div className="flex flex-col gap-4 rounded-[var(--radius-card)] bg-gradient-to-b from-surface to-bg-raised p-6 shadow-card ring-1 ring-line">
          {isExpired && !isEnrolling && (
            <p
              className="rounded-xl bg-info/10 px-3 py-2 text-sm text-info ring-1 ring-info/30"
              data-testid="session-expired"
            >
              {t('signIn.expired')}
            </p>
          )}
          <SignInForm
            onEnrolling={setEnrolling}
            onSignedIn={async () => {
              queryClient.clear();
              await navigate(nextPath(search.get('next')), { replace: true });
            }}
          />
        </div>
      </div>
    </div>
  );
}
