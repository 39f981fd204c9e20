import type { EnrolmentLink } from '@wallet/contract/admin/operators';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { copyText } from '@wallet/web-core/copy-text';
import { formatDateTime } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { useTranslation } from 'react-i18next';

/** The console's enrolment page for a link token (public: the operator has no session yet). */
const enrolmentUrl = (token: string) => `${window.location.origin}/admin/enrol?token=${encodeURIComponent(token)}`;

/**
 * The one-time enrolment link, shown once to the admin who made it: never a password or a TOTP secret, which only
 * the operator sees on the page the link opens (docs/decisions/0023-operator-enrolment.md).
 */
export function EnrolmentLinkDialog({
  username,
  link,
  onClose,
}: {
  username: string;
  link: EnrolmentLink | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('operators');
  const url = link ? enrolmentUrl(link.token) : '';
  const copy = async () => {
    try {
      await copyText(url);
      notify.success(t('link.copied'));
    } catch {
      notify.error(t('link.copyFailed'));
    }
  };
  return (
    <Modal
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('link.title', { name: username })}
      description={t('link.body')}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void copy()}>
            {t('link.copy')}
          </Button>
          <Button onClick={onClose}>{t('link.done')}</Button>
        </div>
      }
    >
      {link && (
        <div className="flex flex-col gap-3 py-2">
          <code
            className="block rounded-xl bg-bg px-3 py-2 font-mono text-xs break-all text-fg ring-1 ring-line"
            data-testid="enrolment-link"
          >
            {url}
          </code>
          <p className="text-sm text-muted">{t('link.expires', { at: formatDateTime(link.expiresAt) })}</p>
        </div>
      )}
    </Modal>
  );
}
