import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** one line under the title (also the dialog's accessible description) */
  description?: ReactNode;
  children?: ReactNode;
  /** sticky action row at the bottom (buttons) */
  footer?: ReactNode;
  /** desktop card width: sm 400 px, md 480 px, lg 640 px */
  size?: 'sm' | 'md' | 'lg';
  /** false hides the close button and ignores outside clicks / Escape (a step that must be finished) */
  isDismissible?: boolean;
  className?: string;
};

const WIDTHS = { sm: 'sm:max-w-[400px]', md: 'sm:max-w-[480px]', lg: 'sm:max-w-[640px]' } as const;

/** A dialog: a bottom sheet on phones, a centred card from 640 px up. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  isDismissible = true,
  className,
}: ModalProps) {
  const { t } = useTranslation('common');
  const block = (event: Event) => {
    if (!isDismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/65 backdrop-blur-[2px] animate-fade-in" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed z-50 flex max-h-[92dvh] w-full flex-col bg-bg-raised text-fg shadow-card ring-1 ring-line outline-none',
            'inset-x-0 bottom-0 rounded-t-3xl pb-safe animate-sheet-in',
            'sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:pb-0 sm:animate-pop-in',
            WIDTHS[size],
            className,
          )}
        >
          <div aria-hidden className="mx-auto mt-2.5 h-1.5 w-10 shrink-0 rounded-full bg-line-strong sm:hidden" />
          <header className="flex shrink-0 items-start gap-3 px-5 pt-3 pb-2 sm:pt-5">
            <div className="min-w-0 flex-1 pt-2">
              <Dialog.Title className="text-lg leading-snug font-bold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
              )}
            </div>
            {isDismissible && (
              <Dialog.Close
                className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-muted transition hover:bg-white/5 hover:text-fg"
                aria-label={t('actions.close')}
              >
                <Icon name="close" className="size-5" />
              </Dialog.Close>
            )}
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5">{children}</div>
          {footer && <footer className="flex shrink-0 gap-3 border-t border-line px-5 py-4">{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
