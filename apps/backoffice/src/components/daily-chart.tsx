import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayText } from './date-field.tsx';

/** a chart's x value (seconds) → its `yyyy-mm-dd` day (the days are placed at noon UTC) */
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export type ChartSeries = { label: string; color: string; values: number[]; kind: 'bars' | 'line' };

const HALF_DAY_S = 43_200;

/** One value per Bangkok day (uPlot on a canvas; the x axis is the day at noon, shown in UTC = the Bangkok date). */
export function DailyChart({
  days,
  series,
  height,
  isCount = false,
  dayLabel,
}: {
  days: string[];
  series: ChartSeries[];
  height: number;
  /** whole numbers: no fractional ticks */
  isCount?: boolean;
  /** the legend's name of the x value */
  dayLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
    const bars = uPlot.paths.bars?.({ size: [0.6 / Math.max(1, series.filter((s) => s.kind === 'bars').length), 40] });
    const axis = { stroke: '#9aa3bf', grid: { stroke: '#26304f', width: 1 }, ticks: { stroke: '#26304f' } };
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'UTC'),
        legend: { show: true },
        cursor: { points: { size: 6 } },
        // half a day of room on each side, so the first and last bars are whole
        scales: { x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] } },
        axes: [
          // dd/mm on the axis and dd/mm/yyyy under the cursor, the way every console table prints a day
          {
            ...axis,
            // a tick on the range's right edge is the midnight after the last day: no label for a day not shown
            values: (_u, splits) =>
              splits.map((s) => (s >= (xs.at(-1) ?? 0) + HALF_DAY_S ? '' : dayText(isoDay(s)).slice(0, 5))),
          },
          {
            ...axis,
            size: 64,
            ...(isCount ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10_000] } : {}),
          },
        ],
        series: [
          { label: dayLabel, value: (_u, v) => (v == null ? '--' : dayText(isoDay(v))) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: s.kind === 'line' ? 2 : 1,
            fill: s.kind === 'bars' ? `${s.color}99` : undefined,
            ...(s.kind === 'bars' && bars ? { paths: bars } : {}),
            points: { show: s.kind === 'line' },
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    // uPlot's stylesheet gives the chart a font stack without Thai glyphs: the legend (HTML) takes the console's
    plot.root.style.fontFamily = 'inherit';
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, height, isCount, dayLabel]);
  // the legend is HTML: it takes the console font (uPlot's own stack has no Thai glyphs)
  return (
    <div ref={box} className="w-full [&_.u-legend]:text-xs [&_.u-legend]:text-muted [&_.uplot]:[font-family:inherit]" />
  );
}
