import { ContactScreen } from '../../../features/site-content/contact-screen.tsx';
import { AppVersion } from '../../../features/site/app-version.tsx';
import { ChatSlot } from '../../../features/chat/chat-slot.tsx';
import { useProfile } from '../../../api/account.ts';

/** /user/contact: the same content as /contact, offset below the member top bar. */
export function Component() {
  const profile = useProfile();
  return (
    <main data-route="user/contact">
      <ContactScreen
        version={<AppVersion />}
        hasTopOffset
        chatSlot={profile.data ? <ChatSlot userId={profile.data._id} /> : null}
      />
    </main>
  );
}
