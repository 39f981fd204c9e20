import type { FormEvent, ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal, type ModalProps } from './modal.tsx';

export type FormDialogProps = Omit<ModalProps, 'footer' | 'children'> & {
  /** the form's id: the footer's submit button sits outside the form and points at it */
  formId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  /** spinner on the submit button, which is disabled meanwhile */
  isSubmitting?: boolean;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A dialog around one form: the fields scroll, the submit button stays in the footer. Dialogs that use it keep
 * the kit's convention: props `open`, `onOpenChange`, `onSuccess`, file `*-dialog.tsx`.
 */
export function FormDialog({
  formId,
  onSubmit,
  submitLabel,
  isSubmitting = false,
  children,
  'data-testid': testId,
  ...modal
}: FormDialogProps) {
  return (
    <Modal
      {...modal}
      footer={
        <Button type="submit" form={formId} size="lg" isBlock isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4 pt-2" data-testid={testId}>
        {children}
      </form>
    </Modal>
  );
}
