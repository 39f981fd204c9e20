import { ApiError } from '@wallet/web-core/api-client';
import { formatDateTime } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import i18next from 'i18next';

/** Who decided a queue row first, what it is now and when (APPROVAL_DECIDED's values, docs/decisions/0033). */
export type Decided = { state: string; by: string; at: string };

export function decidedOf(error: unknown): Decided | null {
  if (!(error instanceof ApiError) || error.code !== 'APPROVAL_DECIDED') return null;
  const values = (error.body as { values?: Partial<Decided> } | undefined)?.values;
  if (!values?.state) return null;
  return { state: values.state, by: values.by ?? 'system', at: values.at ?? '' };
}

/** "Already paid by finance2 at 27/11/2026 18:02:11. The list shows it now." */
export function decidedMessage(d: Decided): string {
  const t = i18next.getFixedT(null, 'common');
  return t('decided.message', {
    state: t(`decided.state.${d.state}`, { defaultValue: d.state }),
    by: d.by === 'system' || d.by === 'auto' ? t('decided.system') : d.by === 'member' ? t('decided.member') : d.by,
    at: d.at ? formatDateTime(d.at) : '—',
  });
}

/**
 * Run a decision; when someone decided the row first, say who did what when, refresh, and resolve (so the dialog
 * closes) instead of leaving the operator in a dialog about a row that moved on. Other failures still throw.
 */
export async function unlessDecided(action: () => Promise<unknown>, refresh: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    const decided = decidedOf(error);
    if (!decided) throw error;
    notify.warning(decidedMessage(decided));
    await refresh();
  }
}
