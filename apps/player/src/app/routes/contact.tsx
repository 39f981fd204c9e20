import { ContactScreen } from '../../features/site-content/contact-screen.tsx';
import { AppVersion } from '../../features/site/app-version.tsx';
import { ChatSlot } from '../../features/chat/chat-slot.tsx';

/** /contact (visitor): contact text, chat QR, chat link and version. */
export function Component() {
  return (
    <main data-route="contact">
      <ContactScreen version={<AppVersion />} chatSlot={<ChatSlot />} />
    </main>
  );
}
