import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_DELAY_MS } from '@wallet/contract/limits';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { Spinner } from '@wallet/ui/spinner';
import { useAgreements } from '../../api/lookup.ts';
import { storage } from '../../lib/storage.ts';
import { HtmlContent } from './html-content.tsx';

export type AgreementDialogProps = {
  /** the signed-in member's profile id; acceptance is remembered per member (storage.acceptAgreement) */
  memberId: string | undefined;
  /**
   * Controlled mode: pass `open` and `onOpenChange`. Without `open` the dialog opens by itself
   * AGREEMENT_DELAY_MS (1.5 s) after mount unless this member already accepted (docs/spec.md §2 Home).
   */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** after the accept button (acceptance already stored) */
  onSuccess?: () => void;
};

/** The agreements of GET /api/lookup/agreements (sanitized HTML) with an accept button. */
export function AgreementDialog({ memberId, open, onOpenChange, onSuccess }: AgreementDialogProps) {
  const { t } = useTranslation('content');
  const isControlled = open !== undefined;
  const [isAutoOpen, setIsAutoOpen] = useState(false);
  const isOpen = isControlled ? open : isAutoOpen;
  const agreements = useAgreements(isOpen);

  useEffect(() => {
    if (isControlled || !memberId || storage.hasAcceptedAgreement(memberId)) return;
    const timer = setTimeout(() => setIsAutoOpen(true), AGREEMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isControlled, memberId]);

  const setOpen = (next: boolean) => {
    if (!isControlled) setIsAutoOpen(next);
    onOpenChange?.(next);
  };

  const handleAccept = () => {
    if (memberId) storage.acceptAgreement(memberId);
    setOpen(false);
    onSuccess?.();
  };

  return (
    <Modal
      open={isOpen}
      onOpenChange={setOpen}
      title={t('agreement.title')}
      description={t('agreement.description')}
      footer={
        <Button size="lg" isBlock onClick={handleAccept} disabled={!agreements.data} data-testid="agreement-accept">
          {t('agreement.accept')}
        </Button>
      }
    >
      <div data-testid="agreement-modal" className="flex flex-col gap-3">
        {agreements.isPending && (
          <div className="flex justify-center py-10 text-primary">
            <Spinner size="lg" />
          </div>
        )}
        {agreements.isError && <p className="py-6 text-center text-sm text-muted">{t('agreement.loadFailed')}</p>}
        {agreements.data?.map((html, index) => (
          <HtmlContent key={index} html={html} />
        ))}
      </div>
    </Modal>
  );
}
