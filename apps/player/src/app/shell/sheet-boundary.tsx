import { Component, type ReactNode } from 'react';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { useTranslation } from 'react-i18next';
import { SheetAttempt } from './lazy-sheet.tsx';

type Props = { children: ReactNode; onClose: () => void };
type State = { hasFailed: boolean; attempt: number };

/**
 * A sheet that cannot load (its chunk, offline) fails on its own: a small panel says so and offers a retry, and the
 * page under it stays (without this boundary the route's error screen would replace the page).
 */
export class SheetBoundary extends Component<Props, State> {
  override state: State = { hasFailed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { hasFailed: true };
  }

  private handleRetry = () => this.setState(({ attempt }) => ({ hasFailed: false, attempt: attempt + 1 }));

  private handleClose = () => {
    this.setState({ hasFailed: false });
    this.props.onClose();
  };

  override render() {
    if (!this.state.hasFailed) {
      return <SheetAttempt.Provider value={this.state.attempt}>{this.props.children}</SheetAttempt.Provider>;
    }
    return <SheetFailed onRetry={this.handleRetry} onClose={this.handleClose} />;
  }
}

/** The failure panel: offline (or the chunk failed), with close and retry. */
function SheetFailed({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alertdialog"
      aria-labelledby="sheet-failed-title"
      data-testid="sheet-failed"
      className="fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-[480px] flex-col gap-3 rounded-t-3xl bg-bg-raised px-5 pt-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] text-fg shadow-card ring-1 ring-line"
    >
      <div className="flex items-start gap-3">
        <Icon name="alert" className="mt-0.5 size-5 shrink-0 text-warning" />
        <p id="sheet-failed-title" className="flex-1 font-semibold">
          {t(navigator.onLine ? 'sheetError.failed' : 'sheetError.offline')}
        </p>
      </div>
      <div className="flex gap-3">
        <Button variant="secondary" isBlock onClick={onClose}>
          {t('actions.close')}
        </Button>
        <Button isBlock onClick={onRetry} data-testid="sheet-retry">
          {t('actions.retry')}
        </Button>
      </div>
    </div>
  );
}
