import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { bangkokParts, DateTimeField, parseTimeText } from './date-time-field.tsx';

function Harness({ initial, seen }: { initial: string | null; seen: Array<string | null> }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeField
      label="Starts"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('the date and time field', () => {
  it('shows an instant as its Bangkok day dd/mm/yyyy and 24-hour time, in every language', () => {
    render(<Harness initial="2026-11-23T17:30:00.000Z" seen={[]} />);
    // 17:30 UTC is 00:30 the next day in Bangkok
    expect(screen.getByRole('textbox', { name: 'Starts · day' })).toHaveValue('24/11/2026');
    expect(screen.getByRole('textbox', { name: 'Starts · time' })).toHaveValue('00:30');
    expect(screen.getByRole('textbox', { name: 'Starts · day' })).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  });

  it('takes a typed day and time as Bangkok time; a day alone is midnight; both emptied clear it', async () => {
    const user = userEvent.setup();
    const seen: Array<string | null> = [];
    render(<Harness initial={null} seen={seen} />);
    const day = screen.getByRole('textbox', { name: 'Starts · day' });
    const time = screen.getByRole('textbox', { name: 'Starts · time' });
    await user.type(day, '1/12/2026{Enter}');
    expect(seen).toEqual(['2026-12-01T00:00:00+07:00']);
    expect(day).toHaveValue('01/12/2026');
    await user.type(time, '9.05{Enter}');
    expect(seen.at(-1)).toBe('2026-12-01T09:05:00+07:00');
    expect(time).toHaveValue('09:05');
    await user.clear(day);
    await user.clear(time);
    await user.tab();
    expect(seen.at(-1)).toBeNull();
  });

  it('marks an impossible day or time and keeps the value it had', async () => {
    const user = userEvent.setup();
    const seen: Array<string | null> = [];
    render(<Harness initial="2026-11-23T03:00:00.000Z" seen={seen} />);
    const day = screen.getByRole('textbox', { name: 'Starts · day' });
    const time = screen.getByRole('textbox', { name: 'Starts · time' });
    await user.clear(day);
    await user.type(day, '31/02/2026{Enter}');
    expect(day).toHaveAttribute('aria-invalid', 'true');
    await user.clear(day);
    await user.type(day, '23/11/2026');
    await user.clear(time);
    await user.type(time, '24:00{Enter}');
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toEqual([]);
  });

  it('parses times and splits instants', () => {
    expect(parseTimeText('0905')).toBe('09:05');
    expect(parseTimeText('23:59')).toBe('23:59');
    expect(parseTimeText('7:5')).toBeNull();
    expect(bangkokParts(null)).toEqual({ day: undefined, time: '' });
    expect(bangkokParts('2026-11-23T10:00:00+07:00')).toEqual({ day: '2026-11-23', time: '10:00' });
  });
});
