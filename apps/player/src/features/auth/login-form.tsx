import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { TextField } from '@wallet/ui/text-field';
import { useLogin } from '../../api/account.ts';
import { presentError } from '@wallet/web-core/present-error';
import { storage } from '../../lib/storage.ts';
import { digitsOnly } from './register-wizard/register-rules.ts';
import { PasswordField } from '@wallet/ui/password-field';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';

export type LoginFormProps = {
  /** called after the token is stored */
  onSuccess: () => void;
  /** the phone to start with (the one just registered) */
  defaultUsername?: string;
};

/**
 * Phone + password + remember me (docs/spec.md §2, §5). An empty field makes submit do nothing; a server error
 * shows inline, translated, and clears as soon as the player types.
 */
export function LoginForm({ onSuccess, defaultUsername = '' }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [username, setUsername] = useState(defaultUsername);
  const [password, setPassword] = useState('');
  const [isRemembered, setIsRemembered] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password || login.isPending) return;
    login.mutate(
      { username: username.trim(), password, remember: isRemembered },
      {
        onSuccess: ({ token, refreshToken }) => {
          storage.setToken(token, isRemembered, refreshToken);
          onSuccess();
        },
        onError: (err) => setError(presentError(err, { as: 'inline' })),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" data-testid="login-form">
      <TextField
        label={t('login.phone')}
        name="username"
        inputMode="numeric"
        autoComplete="username"
        placeholder={t('login.phonePlaceholder')}
        value={username}
        maxLength={20}
        startAdornment={<Icon name="user" className="size-5" />}
        onChange={(event) => {
          setUsername(digitsOnly(event.target.value));
          setError(null);
        }}
      />
      <PasswordField
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        value={password}
        startAdornment={<Icon name="lock" className="size-5" />}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(null);
        }}
      />
      <label className="flex min-h-11 cursor-pointer items-center gap-3 self-start text-sm text-muted select-none">
        <input
          type="checkbox"
          name="remember"
          checked={isRemembered}
          onChange={(event) => setIsRemembered(event.target.checked)}
          className="size-5 rounded-md accent-[var(--color-primary)]"
        />
        {t('login.remember')}
      </label>
      {error && (
        <p
          role="alert"
          data-testid="login-error"
          className="flex items-start gap-2 rounded-2xl bg-danger/10 px-4 py-3 text-sm text-danger ring-1 ring-danger/30 ring-inset"
        >
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
      <Button type="submit" size="lg" isBlock isLoading={login.isPending}>
        {t('login.submit')}
      </Button>
      <PasskeySignInButton
        phoneNumber={username}
        isRemembered={isRemembered}
        onSuccess={onSuccess}
        onError={setError}
      />
    </form>
  );
}
