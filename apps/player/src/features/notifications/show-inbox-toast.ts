import type { InboxEntry } from '@wallet/contract/inbox';
import i18next from 'i18next';
import { notify } from '@wallet/web-core/toast';
import { ensureNotificationStrings } from './notification-strings.ts';
import { notificationLink, notificationText } from './notification-text.ts';

/** A new notification as a toast, with a link to its screen (loaded on the first push, not with the shell). */
export async function showInboxToast(entry: InboxEntry, onNavigate: (to: string) => void): Promise<void> {
  await ensureNotificationStrings();
  const text = notificationText(i18next.t, entry);
  notify.info(text.title, {
    description: text.body,
    action: { label: i18next.t('notifications:open'), onClick: () => onNavigate(notificationLink(entry)) },
  });
}
