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

/**
 * Where an entry leads: a credited deposit or verified slip opens its receipt over the statement, a bonus condition
 * the bonus screen, anything else the statement.
 */
export function notificationLink(entry: InboxEntry): string {
  if (entry.kind === 'bonus_completed' || entry.kind === 'bonus_ended') return paths.bonus;
  const { depositId } = entry.params;
  if ((entry.kind === 'deposit_credited' || entry.kind === 'slip_verified') && depositId) {
    return `${paths.statement}?${new URLSearchParams({ receipt: depositId }).toString()}`;
  }
  return paths.statement;
}
