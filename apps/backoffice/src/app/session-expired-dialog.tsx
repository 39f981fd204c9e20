import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SignInForm } from './sign-in.tsx';

type SessionExpiredDialogProps = {
  open: boolean;
  /** the operator whose session ended */
  username: string;
  onSignedIn: () => void | Promise<void>;
};

/**
 * The session ended while a page was open: sign in again over it, so the page and whatever was typed in it stay as
 * they were (the action that failed is done again by hand). Another account signs in on /login, back here after.
 */
export function SessionExpiredDialog({ open, username, onSignedIn }: SessionExpiredDialogProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Modal
      open={open}
      onOpenChange={() => undefined}
      isDismissible={false}
      size="sm"
      title={t('signIn.expiredTitle')}
      description={t('signIn.expiredBody')}
    >
      <div data-testid="session-expired-dialog" className="flex flex-col gap-2">
        <SignInForm username={username} onSignedIn={onSignedIn} />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => void navigate(`/login?expired=1&next=${encodeURIComponent(here)}`, { replace: true })}
        >
          {t('signIn.otherAccount')}
        </Button>
      </div>
    </Modal>
  );
}
