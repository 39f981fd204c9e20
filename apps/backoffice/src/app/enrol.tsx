import { adminApi } from '@wallet/contract/admin/admin-api';
import { OPERATOR_PASSWORD_MIN_CHARS, type OpenEnrolmentResponse } from '@wallet/contract/admin/enrolment';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { PasswordField } from '@wallet/ui/password-field';
import { TextField } from '@wallet/ui/text-field';
import { formatDateTime } from '@wallet/web-core/format';
import { errorMessage } from '@wallet/web-core/present-error';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminIcon } from '../components/admin-icon.tsx';
import { adminCall } from '../lib/api.ts';
import { LanguageSwitch } from './language-switch.tsx';

const CODE = /^\d{6}$/;
const secretOf = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();

/**
 * The token of the link this page was opened with, read once: the address bar then drops it, so it is not left in
 * the history or shown over a shoulder (the page keeps it in memory only).
 */
function takeToken(): string {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token') ?? '';
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  }
  return token;
}

/**
 * /admin/enrol?token=…: a new operator (or one with a new link) chooses a password, scans the authenticator QR and
 * confirms a code; then signs in (docs/decisions/0023-operator-enrolment.md). Public: the link is the credential.
 */
export function Enrol() {
  const { t } = useTranslation('enrol');
  const [token] = useState(takeToken);
  const [isDone, setDone] = useState(false);
  const opened = useQuery({
    queryKey: ['admin', 'enrolment', token],
    queryFn: () => adminCall(adminApi.account.openEnrolment, { body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div className="absolute top-4 right-4">
        <LanguageSwitch />
      </div>
      <div className="w-full max-w-[460px]">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-primary text-on-primary shadow-glow">
            <AdminIcon name="shield" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold text-fg">{t('title')}</h1>
          {opened.data && !isDone && (
            <p className="mt-1 text-sm text-muted">{t('subtitle', { name: opened.data.username })}</p>
          )}
        </div>
        <div className="flex flex-col gap-4 rounded-[var(--radius-card)] bg-gradient-to-b from-surface to-bg-raised p-6 shadow-card ring-1 ring-line">
          {isDone ? (
            <Done />
          ) : token === '' ? (
            <Problem message={errorMessage('ENROLMENT_INVALID')} />
          ) : opened.isError ? (
            <Problem message={errorMessage(opened.error)} />
          ) : opened.data ? (
            <EnrolForm token={token} enrolment={opened.data} onDone={() => setDone(true)} />
          ) : (
            <p className="text-center text-sm text-muted">{t('loading')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

function Problem({ message }: { message: string }) {
  const { t } = useTranslation('enrol');
  return (
    <>
      <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
        {message}
      </p>
      <Link to="/login" className="text-center text-sm text-primary underline">
        {t('toSignIn')}
      </Link>
    </>
  );
}

function Done() {
  const { t } = useTranslation('enrol');
  return (
    <div className="flex flex-col gap-4 text-center" data-testid="enrol-done">
      <p className="text-sm text-fg">{t('done')}</p>
      <Link
        to="/login"
        className="inline-flex min-h-12 items-center justify-center rounded-xl bg-primary px-4 font-semibold text-on-primary"
      >
        {t('toSignIn')}
      </Link>
    </div>
  );
}

function EnrolForm({
  token,
  enrolment,
  onDone,
}: {
  token: string;
  enrolment: OpenEnrolmentResponse;
  onDone: () => void;
}) {
  const { t } = useTranslation('enrol');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [totp, setTotp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const code = totp.replace(/\s/g, '');
    if ([...password].length < OPERATOR_PASSWORD_MIN_CHARS) return setError(errorMessage('PASSWORD_TOO_SHORT'));
    if (password !== repeat) return setError(t('mismatch'));
    if (!CODE.test(code)) return setError(errorMessage('TOTP_CODE_WRONG'));
    setPending(true);
    setError(null);
    try {
      await adminCall(adminApi.account.enrol, { body: { token, password, totp: code } });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
      setTotp('');
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="enrol-form">
      <input type="text" name="username" autoComplete="username" value={enrolment.username} readOnly hidden />
      <PasswordField
        label={t('password')}
        hint={t('passwordHint', { min: OPERATOR_PASSWORD_MIN_CHARS })}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
      <PasswordField
        label={t('repeat')}
        name="repeat-password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
      />
      <p className="text-sm text-muted">{t('scan')}</p>
      <div className="mx-auto rounded-2xl bg-white p-3">
        <img src={enrolment.totp.qr} width={200} height={200} alt={t('qrAlt')} data-testid="totp-qr" />
      </div>
      <div className="text-center">
        <p className="text-xs text-muted">{t('secret')}</p>
        <code className="mt-1 block font-mono text-sm tracking-wider break-all text-fg" data-testid="totp-secret">
          {secretOf(enrolment.totp.uri)}
        </code>
      </div>
      <TextField
        label={t('code')}
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        placeholder="000000"
        value={totp}
        onChange={(e) => setTotp(e.target.value.replace(/[^\d ]/g, ''))}
        className="tracking-[0.3em] tabular-nums"
      />
      <p className="text-xs text-muted">{t('expires', { at: formatDateTime(enrolment.expiresAt) })}</p>
      {error && (
        <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" isBlock isLoading={isPending}>
        {t('submit')}
      </Button>
    </form>
  );
}
