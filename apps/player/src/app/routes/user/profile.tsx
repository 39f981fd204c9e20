import { lazy, Suspense, useState } from 'react';
import { useProfile } from '../../../api/account.ts';
import { LoadingOverlay } from '@wallet/ui/loading-overlay';
import { BankAccountChangeDialog } from '../../../features/profile/bank-account-change-dialog.tsx';
import { BankAccountNameDialog } from '../../../features/profile/bank-account-name-dialog.tsx';
import { ChangePasswordDialog } from '../../../features/profile/change-password-dialog.tsx';
import { ProfileDetails } from '../../../features/profile/profile-details.tsx';
import { SecurityHistory } from '../../../features/profile/security-history.tsx';
import { needsEnglishBankName } from '../../../features/profile/profile-rules.ts';

// the Passkeys section loads with the WebAuthn library after the page (docs/decisions/0040-passkeys.md)
const PasskeysSection = lazy(() =>
  import('../../../features/profile/passkeys-section.tsx').then((m) => ({ default: m.PasskeysSection })),
);

// the LINE section loads with its strings after the page (docs/decisions/0041-line-notifications.md)
const LineNotifications = lazy(() =>
  import('../../../features/profile/line-notifications.tsx').then((m) => ({ default: m.LineNotifications })),
);

// the way to responsible play loads with its strings after the page (docs/responsible-play.md)
const ResponsiblePlayLink = lazy(() =>
  import('../../../features/responsible-play/responsible-play-link.tsx').then((m) => ({
    default: m.ResponsiblePlayLink,
  })),
);

/** /user/profile (docs/spec.md §2). A load failure hides the overlay and shows nothing (docs/spec.md §8). */
export function Component() {
  const profile = useProfile();
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  const [isBankChangeOpen, setIsBankChangeOpen] = useState(false);
  // the English-name prompt opens by itself once per visit when the account needs it
  const [bankNamePrompt, setBankNamePrompt] = useState<'pending' | 'open' | 'closed'>('pending');
  const data = profile.data;
  if (data && bankNamePrompt === 'pending' && needsEnglishBankName(data)) setBankNamePrompt('open');

  return (
    <main data-route="user/profile" className="flex flex-col gap-4">
      <LoadingOverlay isLoading={profile.isPending} />
      {data && (
        <>
          <ProfileDetails
            profile={data}
            onChangePassword={() => setIsPasswordOpen(true)}
            onEditBankName={() => setBankNamePrompt('open')}
            onChangeBankAccount={() => setIsBankChangeOpen(true)}
          />
          <Suspense fallback={null}>
            <PasskeysSection />
          </Suspense>
          <Suspense fallback={null}>
            <LineNotifications />
          </Suspense>
          <Suspense fallback={null}>
            <ResponsiblePlayLink />
          </Suspense>
          <SecurityHistory />
          {isBankChangeOpen && <BankAccountChangeDialog open onOpenChange={setIsBankChangeOpen} profile={data} />}
          <ChangePasswordDialog open={isPasswordOpen} onOpenChange={setIsPasswordOpen} />
          <BankAccountNameDialog
            open={bankNamePrompt === 'open'}
            onOpenChange={(open) => setBankNamePrompt(open ? 'open' : 'closed')}
            bankCode={data.bankCode}
            currentName={data.bankAccountName}
          />
        </>
      )}
    </main>
  );
}
