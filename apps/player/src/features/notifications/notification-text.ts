import type { InboxEntry } from '@wallet/contract/inbox';
import { formatMoney } from '@wallet/web-core/format';
import type { TFunction } from 'i18next';
import { paths } from '../../config/paths.ts';

/** An entry's words in the current language, from its kind and params (the server stores no prose, ADR 0043). */
export function notificationText(t: TFunction, entry: InboxEntry): { title: string; body: string } {
  const { amount, currency } = entry.params;
  const values = {
    amount: amount ? formatMoney(amount) : '',
    unit: currency ? t(`wallet:unit.${currency}`, { defaultValue: currency }) : '',
  };
  return {
    title: t(`notifications:kind.${entry.kind}.title`),
    body: t(`notifications:kind.${entry.kind}.body`, values),
  };
}

/** Where an entry leads: its row in the statement, or the bonus screen for a bonus condition. */
export function notificationLink(entry: InboxEntry): string {
  return entry.kind === 'bonus_completed' || entry.kind === 'bonus_ended' ? paths.bonus : paths.statement;
}
