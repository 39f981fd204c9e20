/** One changed path of a setting: `withdrawLimits.withdrawMax`, its old and new value. */
type DiffLine = { path: string; before: unknown; after: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The leaves that differ between two JSON values (arrays compared whole), in path order. */
function diffValues(before: unknown, after: unknown, path = ''): DiffLine[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diffValues(before[k], after[k], path ? `${path}.${k}` : k));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: path || '—', before, after }];
}

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** A change of a setting as a table: what, before, after (the second admin approves what they see here). */
export function ValueDiff({
  before,
  after,
  labels,
}: {
  before: unknown;
  after: unknown;
  labels: { path: string; before: string; after: string };
}) {
  const lines = diffValues(before, after);
  return (
    <table className="w-full text-left text-sm" data-testid="value-diff">
      <thead className="text-xs text-muted">
        <tr>
          <th className="py-1 pr-3 font-semibold">{labels.path}</th>
          <th className="py-1 pr-3 font-semibold">{labels.before}</th>
          <th className="py-1 font-semibold">{labels.after}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.path} className="border-t border-line align-top">
            <td className="py-1 pr-3 font-mono text-xs">{l.path}</td>
            <td className="py-1 pr-3 font-mono text-xs break-all text-danger line-through">{show(l.before)}</td>
            <td className="py-1 font-mono text-xs break-all text-success">{show(l.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
