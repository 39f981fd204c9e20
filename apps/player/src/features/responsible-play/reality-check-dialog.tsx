import type { RealityCheck as Figures } from '@wallet/contract/responsible-play';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { formatMoney } from '@wallet/web-core/format';

const MINUTE = 60_000;

export type Shown = { figures: Figures; elapsed: number };

/** The reality check's dialog (docs/responsible-play.md §6): time since sign-in, the session's net result, three ways on. */
export function RealityCheckDialog({
  shown,
  onKeepPlaying,
  onTakeBreak,
  onSignOut,
}: {
  shown: Shown;
  onKeepPlaying: () => void;
  onTakeBreak: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation(['responsiblePlay', 'wallet']);
  const minutes = Math.floor(shown.elapsed / MINUTE);
  const time = t('responsiblePlay:realityCheck.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  const net = shown.figures.net;
  const unit = t(`wallet:unit.${shown.figures.currency}`, { defaultValue: shown.figures.currency });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onKeepPlaying()}
      title={t('responsiblePlay:realityCheck.title')}
      description={t('responsiblePlay:realityCheck.time', { time })}
      isDismissible={false}
      size="sm"
      footer={
        <div className="flex w-full flex-col gap-2">
          <Button isBlock onClick={onKeepPlaying} data-testid="reality-keep">
            {t('responsiblePlay:realityCheck.keep')}
          </Button>
          <Button isBlock variant="secondary" onClick={onTakeBreak} data-testid="reality-break">
            {t('responsiblePlay:realityCheck.break')}
          </Button>
          <Button isBlock variant="ghost" onClick={onSignOut} data-testid="reality-sign-out">
            {t('responsiblePlay:realityCheck.signOut')}
          </Button>
        </div>
      }
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 pb-2 text-sm" data-testid="reality-figures">
        <dt className="text-muted">{t('responsiblePlay:realityCheck.toGames')}</dt>
        <dd className="text-right tabular-nums">{`${formatMoney(shown.figures.toGames)} ${unit}`}</dd>
        <dt className="text-muted">{t('responsiblePlay:realityCheck.fromGames')}</dt>
        <dd className="text-right tabular-nums">{`${formatMoney(shown.figures.fromGames)} ${unit}`}</dd>
        <dt className="font-semibold">{t('responsiblePlay:realityCheck.net')}</dt>
        <dd
          className={`text-right font-bold tabular-nums ${net < 0 ? 'text-danger' : 'text-success'}`}
          data-testid="reality-net"
        >
          {`${net < 0 ? '−' : '+'}${formatMoney(Math.abs(net))} ${unit}`}
        </dd>
      </dl>
    </Modal>
  );
}
