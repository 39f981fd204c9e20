import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bubbleTime } from './bubble-time.ts';
import { BubbleTime } from './widget-parts.tsx';

describe('bubble times', () => {
  const now = new Date('2026-11-27T10:00:00Z'); // 17:00 in Bangkok / Vientiane
  it('reads HH:mm on the same day (UTC+7), the date before, the year when it differs', () => {
    expect(bubbleTime('2026-11-27T02:05:00Z', now)).toBe('09:05');
    expect(bubbleTime('2026-11-26T16:59:00Z', now)).toBe('26/11 23:59');
    expect(bubbleTime('2025-12-31T20:00:00Z', now)).toBe('01/01 03:00');
    expect(bubbleTime('2024-03-01T05:00:00Z', now)).toBe('01/03/2024 12:00');
    expect(bubbleTime(undefined, now)).toBe('');
    expect(bubbleTime('not a date', now)).toBe('');
  });

  it('shows under a delivered bubble, not under one still on its way', () => {
    const base = { key: 'k', sender: 'customer' as const, message: { message_type: 'text' as const, payload: 'hi' } };
    const { rerender } = render(<BubbleTime item={{ ...base, createdAt: new Date().toISOString() }} />);
    expect(screen.getByTestId('chat-time').textContent).toMatch(/^\d{2}:\d{2}$/);
    rerender(<BubbleTime item={{ ...base, createdAt: new Date().toISOString(), status: 'sending' }} />);
    expect(screen.queryByTestId('chat-time')).toBeNull();
  });
});
