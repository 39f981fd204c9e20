import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { RealityCheck as Figures } from '@wallet/contract/responsible-play';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { nextReminderAfter, RealityCheck } from './reality-check.tsx';
import { ensureResponsiblePlayStrings } from './rp-strings.ts';

const START = Date.parse('2026-11-28T01:00:00Z');
const MINUTE = 60_000;
const figures = (at: number, patch: Partial<Figures> = {}): Figures => ({
  startedAt: new Date(START).toISOString(),
  now: new Date(at).toISOString(),
  minutes: 30,
  currency: 'THB',
  toGames: 300,
  fromGames: 120.5,
  net: -179.5,
  ...patch,
});

// the strings are in before the fake clock starts (the check loads them with its chunk: docs/i18n.md)
beforeAll(() => Promise.all(['th', 'la', 'en'].map((language) => ensureResponsiblePlayStrings(language))));
beforeEach(() => {
  storage.setToken('session-token', false);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  storage.clearSession();
  await i18next.changeLanguage('th');
});

/** the server answers with its clock: the client's `Date.now()` is set apart from it to show it is not trusted */
function serverAt(patch: Partial<Figures> = {}) {
  let serverNow = START + 25 * MINUTE;
  const calls = mockApi({ 'GET /api/responsible-play/session': () => ({ body: figures(serverNow, patch) }) });
  return { calls, setServerNow: (at: number) => (serverNow = at) };
}

describe('reality check (docs/responsible-play.md §6)', () => {
  it('the next reminder is the next multiple of the interval since the session began', () => {
    expect(nextReminderAfter(25 * MINUTE, 30)).toBe(30 * MINUTE);
    expect(nextReminderAfter(30 * MINUTE, 30)).toBe(60 * MINUTE);
    expect(nextReminderAfter(0, 10)).toBe(10 * MINUTE);
  });

  it.each([
    ['en', 'You have been signed in for 0 h 30 min.', 'Keep playing'],
    ['th', 'คุณเข้าสู่ระบบมาแล้ว 0 ชม. 30 นาที', 'เล่นต่อ'],
    ['la', 'ທ່ານເຂົ້າລະບົບມາແລ້ວ 0 ຊມ. 30 ນາທີ', 'ຫຼິ້ນຕໍ່'],
  ])('(%s) shows at the session’s 30th minute by the server’s clock, with the net result', async (lang, time, keep) => {
    await i18next.changeLanguage(lang);
    // the phone's clock is 2 hours off: only the server's start and time count
    vi.setSystemTime(START + 25 * MINUTE + 2 * 60 * MINUTE);
    const server = serverAt();
    const onTakeBreak = vi.fn();
    renderWithProviders(<RealityCheck onTakeBreak={onTakeBreak} onSignOut={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(4 * MINUTE));
    expect(screen.queryByRole('dialog')).toBeNull();
    server.setServerNow(START + 30 * MINUTE);
    await act(() => vi.advanceTimersByTimeAsync(1 * MINUTE + 1_000));
    const dialog = await vi.waitFor(() => screen.getByRole('dialog'));
    expect(dialog).toHaveTextContent(time);
    expect(screen.getByTestId('reality-net')).toHaveTextContent('−179.50');
    expect(screen.getByTestId('reality-keep')).toHaveTextContent(keep);
    // keep playing: closed, and again 30 minutes later
    act(() => screen.getByTestId('reality-keep').click());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    server.setServerNow(START + 60 * MINUTE);
    await act(() => vi.advanceTimersByTimeAsync(30 * MINUTE));
    expect(await vi.waitFor(() => screen.getByRole('dialog'))).toBeInTheDocument();
    act(() => screen.getByTestId('reality-break').click());
    expect(onTakeBreak).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while no interval is set', async () => {
    await i18next.changeLanguage('en');
    vi.setSystemTime(START + 25 * MINUTE);
    const { calls } = serverAt({ minutes: null });
    renderWithProviders(<RealityCheck onTakeBreak={() => undefined} onSignOut={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(240 * MINUTE));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
