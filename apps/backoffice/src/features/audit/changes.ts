import { formatMinor } from '@wallet/web-core/format';

/** The top-level fields whose value differs between an audit row's before and after (all of them on a create). */
export function changedFields(before: unknown, after: unknown): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(before) || !isObject(after)) return JSON.stringify(before) === JSON.stringify(after) ? [] : ['value'];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

/** A value as one short line for a table cell. */
export function brief(value: unknown, max = 60): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Keys whose value is a ledger amount in minor units when a `currency` sits beside it (or above it). */
const MONEY_KEYS = new Set(['amount']);
const isMinor = (v: unknown): v is string | number =>
  (typeof v === 'string' && /^-?\d{1,18}$/.test(v)) || (typeof v === 'number' && Number.isInteger(v));

/**
 * An audit value as an operator reads it: every minor-unit `amount` that has a `currency` beside it (or in an object
 * around it, e.g. an approval's payload) becomes the amount in baht or kip with its unit (`750000` THB →
 * "7,500.00 THB"); everything else is kept as it is. The raw JSON stays what the hash chain covers.
 */
export function withMoney(value: unknown, currency?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withMoney(v, currency));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const unit = typeof record.currency === 'string' && record.currency ? record.currency : currency;
  return Object.fromEntries(
    Object.entries(record).map(([key, v]) =>
      MONEY_KEYS.has(key) && unit && isMinor(v)
        ? [key, `${formatMinor(String(v), unit)} ${unit}`]
        : [key, withMoney(v, unit)],
    ),
  );
}
