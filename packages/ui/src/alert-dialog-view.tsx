import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

export type AlertDialogViewProps = {
  title: string;
  message: string;
  onDismiss: () => void;
};

/** The dialog AlertHost shows; its own chunk so radix stays out of the first load. */
export default function AlertDialogView({ title, message, onDismiss }: AlertDialogViewProps) {
  const { t } = useTranslation('common');
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/70 animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[60] w-[calc(100%-2.5rem)] max-w-[360px] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-bg-raised p-6 text-center shadow-card ring-1 ring-line animate-pop-in">
          <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-danger/15 text-danger">
            <Icon name="alert" className="size-6" />
          </div>
          <AlertDialog.Title className="text-lg leading-snug font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-base break-words text-muted">{message}</AlertDialog.Description>
          <AlertDialog.Action className="mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-2xl bg-surface-2 font-semibold text-fg ring-1 ring-line-strong ring-inset transition hover:bg-line">
            {t('actions.ok')}
          </AlertDialog.Action>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
