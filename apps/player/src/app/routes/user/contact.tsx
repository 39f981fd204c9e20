import { ContactScreen } from '../../../features/site-content/contact-screen.tsx';
import { AppVersion } from '../../../features/site/app-version.tsx';

/** /user/contact: the same content as /contact, offset below the member top bar. */
export function Component() {
  return (
    <main data-route="user/contact">
      <ContactScreen version={<AppVersion />} hasTopOffset />
    </main>
  );
}
