import { Modal } from '@wallet/ui/modal';
import { useTranslation } from 'react-i18next';
import { QUEUE_KEYS } from '../lib/queue-keys.ts';

/** The sheet `?` opens on a queue page: every key and what it does. */
export function ShortcutSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('common');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('shortcuts.title')} size="sm">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm" data-testid="shortcut-sheet">
        {QUEUE_KEYS.map((key) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="inline-flex min-w-7 justify-center rounded-md bg-surface-2 px-2 py-0.5 font-mono text-fg ring-1 ring-line">
                {key}
              </kbd>
            </dt>
            <dd className="text-muted">{t(`shortcuts.keys.${key === '?' ? 'help' : key}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-subtle">{t('shortcuts.typing')}</p>
    </Modal>
  );
}
