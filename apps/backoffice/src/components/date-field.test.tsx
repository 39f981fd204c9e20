import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Day } from '../lib/bangkok.ts';
import { parseDayText } from './date-field.tsx';
import { DateRangeFilter, type DayRange } from './date-range-filter.tsx';

function Harness({ initial, seen }: { initial: DayRange; seen: DayRange[] }) {
  const [range, setRange] = useState(initial);
  return (
    <DateRangeFilter
      value={range}
      onChange={(next) => {
        seen.push(next);
        setRange(next);
      }}
    />
  );
}

describe('the date range filter', () => {
  it('shows and takes days as dd/mm/yyyy, like the tables print them', async () => {
    const seen: DayRange[] = [];
    render(<Harness initial={{ from: '2026-11-01', to: '2026-11-20' }} seen={seen} />);
    const from = screen.getByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });
    expect(from).toHaveValue('01/11/2026');
    expect(to).toHaveValue('20/11/2026');
    expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await userEvent.clear(from);
    await userEvent.type(from, '5/11/2026{Enter}');
    expect(seen.at(-1)).toEqual({ from: '2026-11-05', to: '2026-11-20' });
    expect(from).toHaveValue('05/11/2026');
  });

  it('marks an impossible day or one after the end and keeps the range; empty clears the day', async () => {
    const seen: DayRange[] = [];
    render(<Harness initial={{ from: '2026-11-01', to: '2026-11-20' }} seen={seen} />);
    const from = screen.getByRole('textbox', { name: 'From' });
    await userEvent.clear(from);
    await userEvent.type(from, '30/02/2026{Enter}');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(from);
    await userEvent.type(from, '21/11/2026{Enter}');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toEqual([]);
    await userEvent.clear(from);
    await userEvent.tab();
    expect(seen).toEqual([{ from: undefined, to: '2026-11-20' }]);
  });

  it('reads the written forms of a day and refuses the rest', () => {
    const cases: Array<[string, Day | null]> = [
      ['27/11/2026', '2026-11-27'],
      ['27-11-2026', '2026-11-27'],
      ['1.2.2026', '2026-02-01'],
      ['2026-11-27', null],
      ['29/02/2025', null],
      ['11/27/2026', null],
      ['', null],
    ];
    for (const [text, day] of cases) expect(parseDayText(text), text).toBe(day);
  });
});
