import { useTranslation } from 'react-i18next';
import { notify } from '@wallet/web-core/toast';
import { copyText } from '@wallet/web-core/copy-text';
import { Icon } from '@wallet/ui/icon';

export type CredentialRowProps = { label: string; value: string; testId: string };

/** A username or password with its copy button: 'Copied' + the text on success, 'Failed to copy' otherwise (docs/spec.md §8). */
export function CredentialRow({ label, value, testId }: CredentialRowProps) {
  const { t } = useTranslation('wallet');
  const handleCopy = () =>
    copyText(value).then(
      () => notify.success(t('account.copied'), { description: value }),
      () => notify.error(t('account.copyFailed')),
    );
  return (
    <div className="flex items-center gap-3 px-4 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-muted">{label}</p>
        <p className="truncate font-mono text-base font-semibold text-fg select-all" data-testid={testId}>
          {value}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void handleCopy()}
        aria-label={t('account.copy', { label })}
        data-testid={`${testId}-copy`}
        className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-primary ring-1 ring-line ring-inset transition hover:bg-line active:scale-95"
      >
        <Icon name="copy" className="size-5" />
      </button>
    </div>
  );
}
