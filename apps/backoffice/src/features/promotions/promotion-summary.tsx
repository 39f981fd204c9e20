import type { AdminPromotion } from '@wallet/contract/admin/promotions';
import { formatMoney } from '@wallet/web-core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';
import { promotionState, type PromotionDraft } from './promotion-draft.ts';
import { StateBadge } from './state-badge.tsx';

const num = (n: number | null) => (n === null || !Number.isFinite(n) ? '—' : formatMoney(n));
const plain = (n: number) => (Number.isFinite(n) ? String(n) : '—');

/** The draft in plain words, as the member will meet it: reward, what ends it, what it caps. Updates as one types. */
export function PromotionSummary({ draft, saved }: { draft: PromotionDraft; saved: AdminPromotion | null }) {
  const { t, i18n } = useTranslation('promotions');
  const [now] = useState(() => Date.now());
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const reward =
    draft.percent > 0
      ? t('summary.percentReward', { percent: plain(draft.percent), max: num(draft.maxAmount) })
      : t('summary.fixedReward', { amount: num(draft.maxAmount) });
  const success =
    draft.successRule === 'turnover'
      ? t('summary.turnover', { multiple: plain(draft.turnoverMultiple) })
      : t('summary.credit', { percent: plain(draft.successPercent) });
  const rows: Array<[string, string]> = [
    [
      t('summary.receive'),
      t(`summary.limit.${draft.type}`, { count: Number.isFinite(draft.maxReceived) ? draft.maxReceived : 0 }),
    ],
    [
      t('summary.deposit'),
      draft.minDeposit > 0
        ? t('summary.minDeposit', { amount: num(draft.minDeposit) })
        : t(draft.percent > 0 ? 'summary.anyDeposit' : 'summary.noDeposit'),
    ],
    [t('summary.reward'), reward],
    [t('summary.success'), success],
    [t('summary.fail'), t('summary.failValue', { percent: plain(draft.percentFail) })],
    [
      t('summary.caps'),
      [
        draft.maxWithdrawMultiple === null
          ? null
          : t('summary.maxWithdraw', { multiple: plain(draft.maxWithdrawMultiple) }),
        draft.maxBet === null ? null : t('summary.maxBet', { amount: num(draft.maxBet) }),
        draft.maxBalanceAtClaim === null
          ? null
          : t('summary.maxBalanceAtClaim', { amount: num(draft.maxBalanceAtClaim) }),
      ]
        .filter(Boolean)
        .join(' · ') || t('summary.noCaps'),
    ],
  ];
  return (
    <aside
      className="flex flex-col gap-4 rounded-[var(--radius-card)] bg-surface p-5 ring-1 ring-line"
      aria-label={t('summary.title')}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-subtle uppercase">{t('summary.title')}</p>
          <p className="mt-1 truncate text-lg font-bold text-fg">{draft.name[lang] || t('summary.untitled')}</p>
          <p className="font-mono text-sm text-muted">{draft.code || '—'}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <StateBadge state={promotionState(draft, now)} />
          <StatusBadge tone="neutral">{t(`kind.${draft.kind}`)}</StatusBadge>
        </div>
      </div>
      {draft.banners[0]?.image && (
        <img
          src={draft.banners[0].image}
          alt=""
          className="aspect-[16/7] w-full rounded-xl object-cover ring-1 ring-line"
        />
      )}
      <dl className="flex flex-col gap-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold text-subtle">{label}</dt>
            <dd className="text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {saved && (
        <p className="border-t border-line pt-3 text-xs text-muted">{t('summary.claims', { count: saved.claims })}</p>
      )}
    </aside>
  );
}
