import { useTranslation } from 'react-i18next';
import type { SecurityEvent } from '@wallet/contract/account';
import { Card } from '@wallet/ui/card';
import { Icon } from '@wallet/ui/icon';
import { formatDateTime } from '@wallet/web-core/format';
import { useSecurityEvents } from '../../api/security-events.ts';

const ICONS: Record<SecurityEvent['kind'], 'lock' | 'key' | 'wallet' | 'user' | 'alert'> = {
  'password-reset': 'key',
  'password-changed': 'lock',
  'payout-account-changed': 'wallet',
  'passkey-added': 'key',
  'passkey-removed': 'key',
  'passkey-sign-in': 'user',
  'passkey-refused': 'alert',
  'passkeys-removed': 'key',
};

/**
 * The account's security history, as bank apps show it: password resets and changes, payout-account changes and
 * passkeys added, removed, used or refused (docs/decisions/0040-passkeys.md), with
 * when and from which address, so a member notices a change they did not make. Nothing while it loads or fails.
 */
export function SecurityHistory() {
  const { t } = useTranslation('profile');
  const events = useSecurityEvents();
  if (!events.data) return null;
  return (
    <Card title={t('security.title')} padding="none" className="pb-1" data-testid="security-history">
      {events.data.items.length === 0 ? (
        <p className="px-5 pb-3 text-sm text-muted">{t('security.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line border-y border-line">
          {events.data.items.map((event) => (
            <li key={`${event.kind}-${event.at}`} className="flex min-h-14 items-center gap-3 px-5 py-2.5">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-primary">
                <Icon name={ICONS[event.kind]} className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-fg">{t(`security.kind.${event.kind}`)}</p>
                <p className="text-xs text-muted tabular-nums">
                  {formatDateTime(event.at)}
                  {event.ip ? ` · ${event.ip}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="px-5 pt-3 pb-4 text-xs leading-relaxed text-muted">{t('security.notYou')}</p>
    </Card>
  );
}
