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
