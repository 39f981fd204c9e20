import type { WheelSliceInput } from '@wallet/contract/admin/spinwheel';
import { useTranslation } from 'react-i18next';

const INPUT =
  'h-9 w-full rounded-lg bg-bg px-2 text-sm text-fg ring-1 ring-line outline-none focus:ring-2 focus:ring-primary';
const LANGS = ['th', 'la', 'en'] as const;

export type SliceRowProps = {
  slice: WheelSliceInput;
  percent: number;
  onChange: (slice: WheelSliceInput) => void;
  onRemove: () => void;
  canRemove: boolean;
};

const validWeight = (w: number) => Number.isInteger(w) && w >= 0 && w <= 1_000_000;
/** One slice in the editor: code, labels, colours, weight (with its resulting odds), prize, coupon life. */
export function SliceRow({ slice, percent, onChange, onRemove, canRemove }: SliceRowProps) {
  const { t } = useTranslation('spin-wheel');
  const set = (patch: Partial<WheelSliceInput>) => onChange({ ...slice, ...patch });
  return (
    <tr className="border-t border-line align-top" data-testid="slice-row">
      <td className="p-2">
        <div className="flex items-center gap-2">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-lg text-xs font-bold"
            style={{ background: slice.bgColor, color: slice.textColor }}
          >
            Aa
          </span>
          <input
            className={INPUT}
            aria-label={t('slice.code')}
            value={slice.code}
            onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          />
        </div>
        <div className="mt-2 flex gap-2">
          <input
            type="color"
            aria-label={t('slice.bg')}
            value={slice.bgColor}
            onChange={(e) => set({ bgColor: e.target.value })}
          />
          <input
            type="color"
            aria-label={t('slice.fg')}
            value={slice.textColor}
            onChange={(e) => set({ textColor: e.target.value })}
          />
        </div>
      </td>
      <td className="p-2">
        <div className="grid gap-1.5">
          {LANGS.map((lang) => (
            <div key={lang} className="grid grid-cols-[2rem_1fr_1.6fr] items-center gap-1.5">
              <span className="text-xs font-semibold text-muted uppercase">{lang}</span>
              <input
                className={INPUT}
                aria-label={`${t('slice.label')} ${lang}`}
                value={slice.label[lang]}
                onChange={(e) => set({ label: { ...slice.label, [lang]: e.target.value } })}
              />
              <input
                className={INPUT}
                aria-label={`${t('slice.description')} ${lang}`}
                placeholder={t('slice.description')}
                value={slice.description[lang]}
                onChange={(e) => set({ description: { ...slice.description, [lang]: e.target.value } })}
              />
            </div>
          ))}
        </div>
      </td>
      <td className="w-28 p-2">
        <input
          type="number"
          min={0}
          className={INPUT}
          aria-label={t('slice.weight')}
          step={1}
          // kept as typed (never clamped to 0): the editor refuses an invalid weight before saving (ADR 0022)
          value={Number.isNaN(slice.weight) ? '' : slice.weight}
          aria-invalid={!validWeight(slice.weight)}
          onChange={(e) => set({ weight: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
        />
        <p className="mt-1 text-right text-sm font-semibold text-primary tabular-nums" data-testid="slice-odds">
          {percent.toFixed(2)} %
        </p>
      </td>
      <td className="w-36 p-2">
        <select
          className={INPUT}
          aria-label={t('slice.prizeType')}
          value={slice.prizeType}
          onChange={(e) => {
            const prizeType = e.target.value as WheelSliceInput['prizeType'];
            set({
              prizeType,
              amount: prizeType === 'none' ? 0 : slice.amount || 10,
              condition: prizeType === 'bonus' ? (slice.condition ?? { turnoverMultiple: 3, percentFail: 10 }) : null,
            });
          }}
        >
          <option value="credit">{t('prize.credit')}</option>
          <option value="bonus">{t('prize.bonus')}</option>
          <option value="none">{t('prize.none')}</option>
        </select>
        <input
          type="number"
          min={0}
          step="0.01"
          className={`${INPUT} mt-1.5`}
          aria-label={t('slice.amount')}
          disabled={slice.prizeType === 'none'}
          value={slice.amount}
          onChange={(e) => set({ amount: Math.max(0, Math.round(Number(e.target.value) * 100) / 100 || 0) })}
        />
        {slice.condition && (
          <label className="mt-1.5 flex items-center gap-1 text-xs text-muted">
            {t('slice.turnover')}
            <input
              type="number"
              min={0}
              className={INPUT}
              value={slice.condition.turnoverMultiple}
              onChange={(e) =>
                set({
                  condition: { percentFail: 10, ...slice.condition, turnoverMultiple: Number(e.target.value) || 0 },
                })
              }
            />
          </label>
        )}
      </td>
      <td className="w-24 p-2">
        <input
          type="number"
          min={1}
          className={INPUT}
          aria-label={t('slice.hours')}
          value={slice.couponHours}
          onChange={(e) => set({ couponHours: Math.max(1, Math.trunc(Number(e.target.value) || 1)) })}
        />
      </td>
      <td className="w-12 p-2 text-right">
        <button
          type="button"
          className="h-9 rounded-lg px-2 text-sm text-danger hover:bg-danger/10 disabled:opacity-30"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={t('slice.remove')}
        >
          ✕
        </button>
      </td>
    </tr>
  );
}
