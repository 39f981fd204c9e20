import type { TFunction } from 'i18next';
import { WALLET_CODE } from '@wallet/contract/limits';
import type { StatementRow } from '@wallet/contract/statement';

/** A row's title: how a bonus ended, else its type (statement.json `finish`, `type`). */
export const rowTitle = (row: StatementRow, t: TFunction): string =>
  row.finish ? t(`finish.${row.finish.outcome}`) : t(`type.${row.statementType}`, { defaultValue: row.statementType });

/** A place's name: the wallet, a game by its name, a channel or a house account by its label, else the code. */
export const placeName = (code: string, t: TFunction, gameNames: ReadonlyMap<string, string>): string =>
  code === WALLET_CODE ? t('wallet') : (gameNames.get(code) ?? t(`place.${code}`, { defaultValue: code }));

/** A withdrawal's reason once refused, with the money returned (docs/spec.md §4: FAILED shows why). */
function withdrawNote(row: StatementRow, t: TFunction): string | undefined {
  if (!row.withdraw) return undefined;
  const reason = row.withdraw.reason
    ? t(`withdrawNote.reasons.${row.withdraw.reason}`, { defaultValue: row.withdraw.reason })
    : undefined;
  const returned = row.withdraw.returned ? t('withdrawNote.returned', { defaultValue: '' }) : undefined;
  return [reason, returned].filter(Boolean).join(' · ') || undefined;
}

/** The line under a row: a bonus or promotion name, or why a withdrawal was refused. */
export const rowNote = (row: StatementRow, t: TFunction): string | undefined =>
  row.bonus?.name ??
  row.promotion?.description ??
  row.invite?.description ??
  row.refund?.description ??
  row.luckydraw?.description ??
  withdrawNote(row, t);
