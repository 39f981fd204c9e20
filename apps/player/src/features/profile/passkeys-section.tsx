import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@wallet/contract/passkeys';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { Icon } from '@wallet/ui/icon';
import { formatDateTime } from '@wallet/web-core/format';
import { usePasskeys } from '../../api/passkeys.ts';
import { PasskeyAddDialog } from './passkey-add-dialog.tsx';
import { PasskeyRemoveDialog } from './passkey-remove-dialog.tsx';
import { needsStepUp } from './passkey-step-up.ts';

/**
 * The profile's Passkeys section (docs/decisions/0040-passkeys.md), loaded lazily with the WebAuthn library: the
 * member's passkeys with when each was added and last used, add one (named, after the password again) and remove
 * one. Browsers without WebAuthn and a failed load show nothing.
 */
export function PasskeysSection() {
  const { t } = useTranslation('profile');
  const passkeys = usePasskeys();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  if (typeof window.PublicKeyCredential !== 'function' || !passkeys.data) return null;
  const { items, stepUpUntil } = passkeys.data;
  const isStepUpNeeded = needsStepUp(stepUpUntil);

  return (
    <Card
      title={t('passkeys.title')}
      padding="none"
      className="pb-1"
      data-testid="passkeys-section"
      action={
        <Button size="sm" variant="secondary" onClick={() => setIsAddOpen(true)} data-testid="passkey-add">
          <Icon name="plus" className="size-4" />
          {t('passkeys.add')}
        </Button>
      }
    >
      <p className="px-5 pb-3 text-sm leading-relaxed text-muted">{t('passkeys.description')}</p>
      {items.length === 0 ? (
        <p className="px-5 pb-4 text-sm text-muted">{t('passkeys.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line border-t border-line">
          {items.map((passkey) => (
            <li key={passkey.id} className="flex min-h-16 items-center gap-3 px-5 py-2.5" data-testid="passkey-item">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-primary">
                <Icon name="key" className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-fg">{passkey.name}</p>
                <p className="text-xs text-muted tabular-nums">
                  {t('passkeys.created', { at: formatDateTime(passkey.createdAt) })}
                </p>
                <p className="text-xs text-muted tabular-nums">
                  {passkey.lastUsedAt
                    ? t('passkeys.lastUsed', { at: formatDateTime(passkey.lastUsedAt) })
                    : t('passkeys.neverUsed')}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setRemoving(passkey)}
                aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                data-testid="passkey-remove"
              >
                {t('passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PasskeyAddDialog open={isAddOpen} onOpenChange={setIsAddOpen} isStepUpNeeded={isStepUpNeeded} />
      <PasskeyRemoveDialog
        passkey={removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        isStepUpNeeded={isStepUpNeeded}
      />
    </Card>
  );
}
