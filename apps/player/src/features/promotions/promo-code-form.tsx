import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { TextField } from '@wallet/ui/text-field';
import { ApiError } from '@wallet/web-core/api-client';
import { errorMessage, presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { formatMoney } from '@wallet/web-core/format';
import { promotionQueries, useActivatePromotion, useNotice } from '../../api/promotions.ts';
import { useWallet } from '../../api/wallet.ts';
import { noticeFor } from './bonus-state.ts';

type Found = { code: string; description: string; percentFail: number; maxBalanceAtClaim?: number | null | undefined };
type Lookup =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: string }
  | ({ kind: 'found' } & Found);

/** Codes are ASCII letters, digits, `_` and `-`, shown and sent upper-cased (docs/spec.md §2). */
const normalize = (value: string) => value.toUpperCase().replace(/[^A-Z0-9_-]/g, '');

/**
 * docs/spec.md §2/§8 promotion-code form: required, upper-cased; "searching" while looking it up, the not-found text,
 * then the promotion's description and its fail threshold before activating.
 */
export function PromoCodeForm() {
  const { t } = useTranslation('promotions');
  const { t: tc } = useTranslation('common');
  const queryClient = useQueryClient();
  const notice = useNotice();
  const activate = useActivatePromotion();
  const currency = useWallet().data?.wallet.currency ?? 'THB';
  const unit = t(`unit.${currency}`, { defaultValue: currency });
  const [code, setCode] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });

  const handleFind = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setIsMissing(true);
    setLookup({ kind: 'searching' });
    try {
      const promotion = await queryClient.fetchQuery(promotionQueries.find(code));
      setLookup({ kind: 'found', ...promotion });
    } catch (error) {
      const isNotFound = error instanceof ApiError && (error.code === 'NO_PROMOTION' || error.status === 404);
      setLookup(isNotFound ? { kind: 'notFound' } : { kind: 'failed', message: errorMessage(error) });
    }
  };
  const handleActivate = (found: Found) =>
    activate.submit(found.code, {
      onSuccess: () => {
        notify.success(t('promo.activated', { code: found.code }));
        setCode('');
        setLookup({ kind: 'idle' });
      },
      onError: (error) => presentError(error, { as: 'alert', title: tc('error.title') }),
    });

  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line" data-testid="promo-form">
      <form noValidate onSubmit={(event) => void handleFind(event)} className="flex items-end gap-2">
        <TextField
          containerClassName="min-w-0 flex-1"
          label={t('promo.label')}
          placeholder={t('promo.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          maxLength={64}
          required
          onChange={(event) => {
            setCode(normalize(event.target.value));
            setIsMissing(false);
            setLookup({ kind: 'idle' });
          }}
          error={isMissing ? t('promo.required') : undefined}
          data-testid="promo-code"
        />
        <Button type="submit" isLoading={lookup.kind === 'searching'} data-testid="promo-find">
          {t('promo.find')}
        </Button>
      </form>
      <div aria-live="polite">
        {lookup.kind === 'searching' && <p className="text-sm text-muted">{t('promo.searching')}</p>}
        {lookup.kind === 'notFound' && (
          <p className="text-sm text-danger" data-testid="promo-not-found">
            {t('promo.notFound')}
          </p>
        )}
        {lookup.kind === 'failed' && <p className="text-sm text-danger">{lookup.message}</p>}
        {lookup.kind === 'found' && (
          <div className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3" data-testid="promo-found">
            <p className="font-bold" translate="no">
              {lookup.code}
            </p>
            <p className="text-sm whitespace-pre-line">{noticeFor(lookup.description, lookup.percentFail)}</p>
            <p className="text-sm text-warning" data-testid="promo-percent-fail">
              {notice.data?.text
                ? noticeFor(notice.data.text, lookup.percentFail)
                : t('promo.percentFail', { percentFail: lookup.percentFail })}
            </p>
            {typeof lookup.maxBalanceAtClaim === 'number' && (
              <p className="text-sm text-muted" data-testid="promo-max-balance">
                {t('bonus.maxBalance', { amount: `${formatMoney(lookup.maxBalanceAtClaim)} ${unit}` })}
              </p>
            )}
            <Button onClick={() => handleActivate(lookup)} isLoading={activate.isPending} data-testid="promo-activate">
              {t('promo.activate')}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
