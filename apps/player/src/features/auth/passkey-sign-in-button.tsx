import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { ApiError } from '@wallet/web-core/api-client';
import { presentError } from '@wallet/web-core/present-error';
import { storage } from '../../lib/storage.ts';

export type PasskeySignInButtonProps = {
  /** the phone typed so far: "use passkey" among that member's passkeys; empty for usernameless */
  phoneNumber: string;
  isRemembered: boolean;
  /** called after the token is stored */
  onSuccess: () => void;
  /** the text to show inline, or null to clear it */
  onError: (message: string | null) => void;
};

/**
 * "Sign in with a passkey" under the login form (docs/decisions/0040-passkeys.md). The WebAuthn code and its strings
 * load on the first tap, not with /login; browsers without WebAuthn do not show the button. A cancelled prompt shows
 * nothing; a refusal shows inline like a wrong password.
 */
export function PasskeySignInButton({ phoneNumber, isRemembered, onSuccess, onError }: PasskeySignInButtonProps) {
  const { t } = useTranslation('auth');
  const [isPending, setIsPending] = useState(false);
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') return null;

  const handleClick = async () => {
    if (isPending) return;
    setIsPending(true);
    onError(null);
    try {
      const passkeys = await import('../../api/passkeys.ts');
      try {
        const phone = phoneNumber.trim();
        const { token, refreshToken } = await passkeys.signInWithPasskey({
          ...(phone ? { phoneNumber: phone } : {}),
          remember: isRemembered,
        });
        storage.setToken(token, isRemembered, refreshToken);
        onSuccess();
      } catch (err) {
        if (passkeys.isPasskeyCancelled(err)) return;
        onError(presentError(err instanceof ApiError ? err : new Error('PASSKEY_INVALID'), { as: 'inline' }));
      }
    } catch (err) {
      // the chunk did not load (offline): the fetcher's own network text
      onError(presentError(err, { as: 'inline' }));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Button
      type="button"
      variant="secondary"
      size="lg"
      isBlock
      isLoading={isPending}
      onClick={() => void handleClick()}
      data-testid="passkey-sign-in"
    >
      <Icon name="key" className="size-5" />
      {t('login.passkey')}
    </Button>
  );
}
