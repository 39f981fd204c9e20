import type { Wheel } from '@wallet/contract/admin/spinwheel';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { previewOdds, type WheelDraft } from './wheel-draft.ts';

const pct = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(2)} %`);

/**
 * Saving a live wheel (docs/decisions/0022-four-eyes-approvals.md): players' odds change at once, so the editor shows
 * each slice's chance now and after the save, removed and new slices included, and asks to confirm.
 */
export function WheelOddsDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wheel: Wheel;
  draft: WheelDraft;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation('spin-wheel');
  const after = previewOdds(props.draft.slices);
  const afterByCode = new Map(props.draft.slices.map((s, i) => [s.code, after[i] ?? 0]));
  const beforeByCode = new Map(props.wheel.slices.map((s) => [s.code, s.percent]));
  const codes = [...new Set([...props.wheel.slices.map((s) => s.code), ...props.draft.slices.map((s) => s.code)])];
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('oddsDialog.title', { name: props.wheel.name })}
      description={t('oddsDialog.description')}
      confirmLabel={t('oddsDialog.confirm')}
      onConfirm={props.onConfirm}
    >
      <table className="w-full text-left text-sm" data-testid="wheel-odds-diff">
        <thead className="text-xs text-muted">
          <tr>
            <th className="py-1 pr-3">{t('oddsDialog.slice')}</th>
            <th className="py-1 pr-3 text-right">{t('oddsDialog.before')}</th>
            <th className="py-1 text-right">{t('oddsDialog.after')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => {
            const before = beforeByCode.get(code);
            const next = afterByCode.get(code);
            const changed = (before ?? -1) !== (next ?? -1);
            return (
              <tr key={code} className="border-t border-line">
                <td className="py-1 pr-3 font-mono text-xs">{code}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{pct(before)}</td>
                <td className={`py-1 text-right font-semibold tabular-nums ${changed ? 'text-warning' : ''}`}>
                  {next === undefined ? t('oddsDialog.removed') : pct(next)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ConfirmDialog>
  );
}
