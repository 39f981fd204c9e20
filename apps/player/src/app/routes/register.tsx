import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { prefetchRegisterOtp } from '../../api/lookup.ts';
import { IS_LAO_VARIANT } from '../../config/build-flags.ts';
import { paths } from '../../config/paths.ts';
import { RegisterWizard } from '../../features/auth/register-wizard/register-wizard.tsx';
import { storage } from '../../lib/storage.ts';
import type { LoginState } from './login.tsx';

/** How long the first screen waits for the OTP setting before the wizard starts without it. */
const OTP_SETTING_WAIT_MS = 2_000;

/**
 * The OTP setting decides the step indicator (three steps or four): read before the route renders, so the indicator
 * does not re-lay out when it arrives (a layout shift Lighthouse counted on /register, docs/performance.md).
 */
export async function loader() {
  await Promise.race([prefetchRegisterOtp(), new Promise((resolve) => setTimeout(resolve, OTP_SETTING_WAIT_MS))]);
  return null;
}

/** /register?code=…: the four-step wizard; the inviter code is pre-filled from ?code= and remembered. */
export function Component() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [inviteCode] = useState(() => {
    const fromLink = searchParams.get('code')?.trim();
    if (fromLink) storage.setInviterCode(fromLink);
    return fromLink || storage.getInviterCode() || '';
  });
  // login opens with the new member's phone filled in (router state: nothing stored, gone on reload)
  const handleRegistered = useCallback(
    (phone: string) => void navigate(paths.login, { replace: true, state: { phone } satisfies LoginState }),
    [navigate],
  );
  return (
    <main data-route="register" className="flex flex-col">
      <RegisterWizard
        inviteCode={inviteCode}
        isLaoVariant={IS_LAO_VARIANT}
        onExit={() => void navigate(paths.login)}
        onRegistered={handleRegistered}
      />
    </main>
  );
}
