import type { LineNotificationKind } from '@wallet/contract/notify';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { ChipGroup } from '@wallet/ui/chip-group';
import { formatDateTime } from '@wallet/web-core/format';
import { intlLocale } from '@wallet/web-core/i18n';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLineLinkCode, useLinePreferences, useLineStatus, useLineUnlink } from '../../api/notify.ts';
import { useLineStrings } from './line-strings.ts';

type Language = 'th' | 'la' | 'en';
/** the order the switches are shown in (the contract's LINE_NOTIFICATION_KINDS; its module carries zod) */
const KINDS: readonly LineNotificationKind[] = [
  'depositCredited',
  'withdrawalPaid',
  'withdrawalRejected',
  'bonusEnded',
  'slipRefused',
  'couponWon',
];
const LANGUAGES: readonly Language[] = ['th', 'la', 'en'];
const languageOf = (current: string): Language =>
  (LANGUAGES as readonly string[]).includes(current) ? (current as Language) : 'th';

/**
 * The profile's LINE section (docs/decisions/0041-line-notifications.md): link LINE with a one-time code sent to the
 * official account, choose which events send a message and in which language, unlink. Nothing when the operator has
 * no LINE channel, while it loads or when it fails.
 */
export function LineNotifications() {
  const { t, i18n } = useTranslation('line');
  const hasStrings = useLineStrings();
  const [pending, setPending] = useState<{ code: string; expiresAt: string; addFriendUrl: string } | null>(null);
  const status = useLineStatus({ isWaitingForLink: pending !== null });
  const linkCode = useLineLinkCode();
  const preferences = useLinePreferences();
  const unlink = useLineUnlink();
  const data = status.data;
  if (!data?.isAvailable || !hasStrings) return null;
  const waiting = pending !== null && !data.isLinked ? pending : null;
  const onError = (err: unknown) => presentError(err, { as: 'alert', title: t('common:error.title') });

  const handleLink = () => linkCode.mutate({ language: languageOf(i18n.language) }, { onSuccess: setPending, onError });
  const handleToggle = (kind: LineNotificationKind, isOn: boolean) =>
    preferences.mutate({ preferences: { [kind]: isOn } }, { onError });
  const handleUnlink = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        setPending(null);
        notify.success(t('unlinked'));
      },
      onError,
    });

  return (
    <Card title={t('title')} data-testid="line-notifications">
      {!data.isLinked && !waiting && (
        <div className="flex flex-col gap-3">
          <p className="text-sm leading-relaxed text-muted">{t('intro')}</p>
          <Button onClick={handleLink} disabled={linkCode.isPending} data-testid="line-link">
            {t('link')}
          </Button>
        </div>
      )}
      {waiting && (
        <ol className="flex flex-col gap-3 text-sm leading-relaxed">
          <li className="flex flex-col gap-2">
            <span>1. {t('steps.add')}</span>
            <a
              href={waiting.addFriendUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center justify-center rounded-xl bg-[#06c755] px-4 font-semibold text-white"
            >
              {t('steps.addButton')}
            </a>
          </li>
          <li className="flex flex-col gap-2">
            <span>2. {t('steps.send')}</span>
            <output
              className="rounded-xl bg-surface-2 py-3 text-center font-mono text-2xl font-bold tracking-[0.3em] select-all"
              data-testid="line-code"
            >
              {waiting.code}
            </output>
            <span className="text-xs text-muted">
              {t('steps.expires', { time: formatDateTime(waiting.expiresAt).slice(11, 16) })}
            </span>
          </li>
          <li className="flex items-center justify-between gap-3">
            <span className="text-muted" role="status">
              {t('steps.waiting')}
            </span>
            <Button variant="ghost" size="sm" onClick={() => setPending(null)}>
              {t('steps.cancel')}
            </Button>
          </li>
        </ol>
      )}
      {data.isLinked && (
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold text-success" data-testid="line-linked">
            {t('linked')}
          </p>
          {!data.isFollowing && <p className="text-sm leading-relaxed text-warning">{t('unfollowed')}</p>}
          <fieldset className="flex flex-col">
            <legend className="mb-1 text-sm text-muted">{t('kindsLabel')}</legend>
            {KINDS.map((kind) => (
              <label key={kind} className="flex min-h-11 items-center justify-between gap-3 text-sm">
                <span>{t(`kinds.${kind}`)}</span>
                <input
                  type="checkbox"
                  role="switch"
                  className="size-5 accent-[var(--color-primary)]"
                  checked={data.preferences[kind]}
                  disabled={preferences.isPending}
                  onChange={(event) => handleToggle(kind, event.target.checked)}
                />
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-2">
            <span className="text-sm text-muted">{t('language')}</span>
            <ChipGroup
              className="!grid-cols-3"
              label={t('language')}
              chips={LANGUAGES.map((value) => ({
                value,
                // each language in its own script, marked as such (as the language switcher does)
                label: <span lang={intlLocale(value)}>{t(`languages.${value}`)}</span>,
              }))}
              selected={data.language}
              onSelect={(language) => preferences.mutate({ preferences: {}, language }, { onError })}
            />
          </div>
          <Button variant="secondary" onClick={handleUnlink} disabled={unlink.isPending}>
            {t('unlink')}
          </Button>
        </div>
      )}
    </Card>
  );
}
