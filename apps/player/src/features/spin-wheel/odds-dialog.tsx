import { useTranslation } from 'react-i18next';
import { Modal } from '@wallet/ui/modal';
import { Spinner } from '@wallet/ui/spinner';
import { useSpinOdds } from '../../api/spinwheel.ts';

type Colours = Map<string, { bg: string; fg: string }>;

/** The published odds of each slice (beyond the spec: players trust a wheel whose odds are shown). */
export function OddsDialog({
  open,
  onOpenChange,
  colours,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  colours: Colours;
}) {
  const { t } = useTranslation('spin');
  const odds = useSpinOdds();
  return (
    <Modal open={open} onOpenChange={onOpenChange} size="sm" title={t('odds.title')} description={t('odds.note')}>
      {odds.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner size="md" />
        </div>
      ) : (
        <table className="w-full text-left" data-testid="odds-table">
          <thead className="text-xs text-muted uppercase">
            <tr>
              <th className="py-2 font-semibold">{t('odds.slice')}</th>
              <th className="py-2 text-right font-semibold">{t('odds.chance')}</th>
            </tr>
          </thead>
          <tbody>
            {(odds.data?.slices ?? []).map((slice) => (
              <tr key={slice.code} className="border-t border-line">
                <td className="py-2.5">
                  <span className="flex items-center gap-2.5">
                    <span
                      aria-hidden
                      className="size-4 shrink-0 rounded-full ring-1 ring-white/20"
                      style={{ background: colours.get(slice.code)?.bg }}
                    />
                    <span className="font-medium">{slice.label}</span>
                  </span>
                </td>
                <td className="py-2.5 text-right font-semibold tabular-nums">{slice.percent.toFixed(2)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
