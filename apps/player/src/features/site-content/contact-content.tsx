import { useTranslation } from 'react-i18next';
import type { Contact } from '@wallet/contract/lookup';
import { Card } from '@wallet/ui/card';
import { Icon } from '@wallet/ui/icon';
import { LineQrCode } from './line-qr-code.tsx';

export type ContactContentProps = {
  contact: Contact;
};

/** Contact text, chat QR and chat link (GET /api/lookup/contact), shared by /contact and /user/contact. */
export function ContactContent({ contact }: ContactContentProps) {
  const { t } = useTranslation('content');
  return (
    <div className="flex flex-col gap-4" data-testid="contact-content">
      <Card className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-primary/15 text-primary">
          <Icon name="clock" className="size-5" />
        </span>
        <p className="text-[15px] leading-relaxed text-fg" data-testid="contact-text">
          {contact.contactText}
        </p>
      </Card>
      <Card tone="highlight" className="flex flex-col items-center gap-4 text-center">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-bold text-fg">{t('contact.chatTitle')}</h2>
          <p className="text-sm text-muted">{t('contact.scan')}</p>
        </div>
        <LineQrCode lineQR={contact.lineQR} lineLink={contact.lineLink} />
        {contact.lineName && (
          <p className="text-sm text-muted">
            {t('contact.lineId')}{' '}
            <span className="font-semibold text-fg" data-testid="line-name">
              {contact.lineName}
            </span>
          </p>
        )}
        {/* LINE's green darkened until the white label reads at 5.1:1 (WCAG AA; #06c755 gave 2.25:1) */}
        <a
          href={contact.lineLink}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="chat-link"
          className="inline-flex min-h-14 w-full items-center justify-center gap-2.5 rounded-2xl bg-[#037f36] px-6 text-lg font-semibold text-white shadow-[0_8px_24px_-10px_#06c755] transition hover:brightness-105 active:brightness-95"
        >
          <Icon name="chat" className="size-6" />
          {t('contact.openChat')}
        </a>
      </Card>
    </div>
  );
}
