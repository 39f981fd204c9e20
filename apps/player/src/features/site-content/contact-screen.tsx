import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@wallet/ui/spinner';
import { useContact } from '../../api/lookup.ts';
import { ContactContent } from './contact-content.tsx';

export type ContactScreenProps = {
  /** the version line (the route passes <AppVersion/>) */
  version: ReactNode;
  /** /user/contact sits under the member top bar (sticky, so the layout flow already offsets it; anchors scroll below it) */
  hasTopOffset?: boolean;
  /** where the live-chat widget mounts once enabled (a later issue) */
  chatSlot?: ReactNode;
};

/** /contact and /user/contact: title, contact content, version, and the chat widget slot. */
export function ContactScreen({ version, hasTopOffset = false, chatSlot }: ContactScreenProps) {
  const { t } = useTranslation('content');
  const contact = useContact();
  return (
    <div
      className={clsx('flex flex-col gap-5', hasTopOffset && 'scroll-mt-16')}
      data-top-offset={hasTopOffset || undefined}
    >
      <header className="flex flex-col gap-1 px-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg">{t('contact.title')}</h1>
        <p className="text-sm text-muted">{t('contact.subtitle')}</p>
      </header>
      {contact.isPending && (
        <div className="flex justify-center py-16 text-primary">
          <Spinner size="lg" />
        </div>
      )}
      {contact.data && <ContactContent contact={contact.data} />}
      <div className="flex justify-center pt-2">{version}</div>
      {/* live-chat widget slot (docs/spec.md §2 "chat widget when enabled"), filled by the chat issue */}
      <div data-slot="chat-widget">{chatSlot}</div>
    </div>
  );
}
