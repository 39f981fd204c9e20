import { adminApi } from '@wallet/contract/admin/admin-api';
import { OPERATOR_PASSWORD_MIN_CHARS } from '@wallet/contract/admin/enrolment';
import { Button } from '@wallet/ui/button';
import { PasswordField } from '@wallet/ui/password-field';
import { TextField } from '@wallet/ui/text-field';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { adminCall } from '../../lib/api.ts';

const CODE = /^\d{6}$/;

/**
 * The signed-in operator changes their own password: the current one and a code from their authenticator; their
 * other sessions end, this one stays (docs/decisions/0023-operator-enrolment.md).
 */
export default function PasswordPage() {
  const { t } = useTranslation('password');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [totp, setTotp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const code = totp.replace(/\s/g, '');
    if ([...next].length < OPERATOR_PASSWORD_MIN_CHARS) return setError(errorMessage('PASSWORD_TOO_SHORT'));
    if (next !== repeat) return setError(t('mismatch'));
    if (!CODE.test(code)) return setError(errorMessage('TOTP_CODE_WRONG'));
    setPending(true);
    setError(null);
    try {
      await adminCall(adminApi.account.changePassword, {
        body: { currentPassword: current, newPassword: next, totp: code },
      });
      setCurrent('');
      setNext('');
      setRepeat('');
      notify.success(t('changed'));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setTotp('');
      setPending(false);
    }
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <form
        onSubmit={submit}
        noValidate
        className="flex max-w-[440px] flex-col gap-4 rounded-[var(--radius-card)] bg-surface p-6 shadow-card ring-1 ring-line"
        data-testid="password-form"
      >
        <PasswordField
          label={t('current')}
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <PasswordField
          label={t('new')}
          hint={t('newHint', { min: OPERATOR_PASSWORD_MIN_CHARS })}
          name="new-password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <PasswordField
          label={t('repeat')}
          name="repeat-password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
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
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
            {error}
          </p>
        )}
        <Button type="submit" isLoading={isPending}>
          {t('submit')}
        </Button>
      </form>
    </>
  );
}
