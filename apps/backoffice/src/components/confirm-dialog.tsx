import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { errorMessage } from '@wallet/web-core/present-error';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** what will happen, in a sentence */
  description?: ReactNode;
  /** extra content (the row being acted on) */
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** 'danger' for irreversible actions (reject, disable, revoke) */
  tone?: 'primary' | 'danger';
  /** ask for a reason (recorded in the audit log): 'required' refuses to confirm without one */
  reason?: 'none' | 'optional' | 'required';
  /** shortest reason accepted when required (default 3) */
  reasonMinLength?: number;
  /** runs the action; a rejection shows its translated error in the dialog, which stays open */
  onConfirm: (reason: string) => Promise<unknown>;
};

/**
 * Confirm an operator action, optionally with a reason. The button spins while `onConfirm` runs and cannot be
 * pressed twice; the dialog closes when it resolves.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  tone = 'primary',
  reason = 'none',
  reasonMinLength = 3,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [text, setText] = useState('');
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showReasonError, setShowReasonError] = useState(false);
  const trimmed = text.trim();
  const isReasonMissing = reason === 'required' && trimmed.length < reasonMinLength;

  const close = (next: boolean) => {
    if (isPending) return;
    if (!next) {
      setText('');
      setError(null);
      setShowReasonError(false);
    }
    onOpenChange(next);
  };

  const confirm = async () => {
    if (isPending) return;
    if (isReasonMissing) {
      setShowReasonError(true);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onConfirm(trimmed);
      setPending(false);
      setText('');
      onOpenChange(false);
    } catch (err) {
      setPending(false);
      setError(errorMessage(err));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      size="md"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={isPending}>
            {t('actions.cancel')}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={confirm} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-4 pt-1">
        {children}
        {reason !== 'none' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-fg">
              {t('confirm.reason')}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              value={text}
              aria-invalid={showReasonError && isReasonMissing}
              aria-describedby={`${id}-hint`}
              onChange={(e) => setText(e.target.value)}
              className="rounded-xl bg-bg px-3 py-2 text-sm text-fg ring-1 ring-line ring-inset focus:ring-2 focus:ring-primary focus:outline-none aria-invalid:ring-danger"
            />
            <p
              id={`${id}-hint`}
              className={showReasonError && isReasonMissing ? 'text-xs text-danger' : 'text-xs text-muted'}
            >
              {showReasonError && isReasonMissing
                ? t('confirm.reasonRequired', { min: reasonMinLength })
                : t('confirm.reasonHint')}
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
