/** One bar group: a label and one value per series (minor units or counts). */
export type BarGroup = { label: string; values: number[] };

/**
 * Horizontal bars drawn as inline SVG (no chart library: docs/decisions/0034-member-360-and-exports.md). Each group
 * is one row with a bar per series; negative values grow left of the zero line. The numbers are in the table beside
 * the chart, so the chart is decoration for screen readers (aria-hidden) and carries a title.
 */
export function SvgBars({
  groups,
  colors,
  title,
}: {
  groups: BarGroup[];
  /** one CSS colour per series, e.g. 'var(--color-success)' */
  colors: string[];
  title: string;
}) {
  const values = groups.flatMap((g) => g.values);
  const max = Math.max(1, ...values.map((v) => Math.abs(v)));
  const hasNegative = values.some((v) => v < 0);
  const LABEL = 96;
  const WIDTH = 600;
  const BAR = 10;
  const GAP = 4;
  const rowHeight = colors.length * (BAR + 2) + GAP * 2;
  const plot = WIDTH - LABEL - 8;
  const zero = LABEL + (hasNegative ? plot / 2 : 0);
  const scale = (hasNegative ? plot / 2 : plot) / max;
  const height = Math.max(rowHeight, groups.length * rowHeight);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      className="h-auto w-full"
      role="img"
      aria-label={title}
      preserveAspectRatio="xMinYMin meet"
    >
      <title>{title}</title>
      <line x1={zero} x2={zero} y1={0} y2={height} stroke="currentColor" strokeOpacity={0.25} />
      {groups.map((g, row) => (
        <g key={g.label} transform={`translate(0 ${row * rowHeight + GAP})`}>
          <text
            x={LABEL - 6}
            y={rowHeight / 2}
            textAnchor="end"
            dominantBaseline="middle"
            fontSize={11}
            fill="currentColor"
          >
            {g.label}
          </text>
          {g.values.map((v, i) => {
            const w = Math.abs(v) * scale;
            return (
              <rect
                key={i}
                x={v < 0 ? zero - w : zero}
                y={i * (BAR + 2)}
                width={Math.max(v === 0 ? 0 : 1, w)}
                height={BAR}
                rx={2}
                fill={colors[i]}
              />
            );
          })}
        </g>
      ))}
    </svg>
  );
}
