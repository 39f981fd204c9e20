import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import { inboxQueries } from '../../api/inbox.ts';

/** The top bar's notifications button with the unread count (styles.css draws `data-badge`). */
export function InboxButton({ onOpen, isEnabled }: { onOpen: () => void; isEnabled: boolean }) {
  const { t } = useTranslation('common');
  const unread = useQuery({ ...inboxQueries.unread(), enabled: isEnabled }).data?.unread;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={unread ? `${t('nav.inbox')} (${unread})` : t('nav.inbox')}
      data-testid="inbox-button"
      className="flex size-11 items-center justify-center rounded-full bg-white/5 text-muted ring-1 ring-line ring-inset transition hover:text-fg"
    >
      <span data-badge={unread || undefined} className="relative flex">
        <Icon name="inbox" className="size-5" />
      </span>
    </button>
  );
}
