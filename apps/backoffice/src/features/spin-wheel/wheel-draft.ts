import type { Wheel, WheelInput, WheelSliceInput } from '@wallet/contract/admin/spinwheel';

/** The editor's copy of a wheel: the request body the save sends. */
export type WheelDraft = WheelInput;

export const newSlice = (n: number): WheelSliceInput => ({
  code: `SLICE_${n}`,
  label: { th: '', la: '', en: '' },
  description: { th: '', la: '', en: '' },
  bgColor: '#6366f1',
  textColor: '#ffffff',
  weight: 10,
  prizeType: 'credit',
  amount: 10,
  couponHours: 72,
  condition: null,
});

export const emptyWheel = (): WheelDraft => ({
  name: '',
  isActive: false,
  startsAt: null,
  endsAt: null,
  slices: [newSlice(1), newSlice(2)],
});

export const draftOf = (wheel: Wheel): WheelDraft => ({
  name: wheel.name,
  isActive: wheel.isActive,
  startsAt: wheel.startsAt,
  endsAt: wheel.endsAt,
  slices: wheel.slices.map(({ percent: _percent, ...slice }) => slice),
});

/** The chance of each slice the draft would publish, in percent (the server's oddsPercent, for the preview). */
export function previewOdds(slices: WheelSliceInput[]): number[] {
  const total = slices.reduce((sum, s) => sum + (Number.isFinite(s.weight) ? s.weight : 0), 0);
  return slices.map((s) => (total > 0 ? Math.round((s.weight / total) * 10_000) / 100 : 0));
}
