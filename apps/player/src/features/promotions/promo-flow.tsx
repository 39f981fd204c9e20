import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@wallet/contract/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '@wallet/ui/loading-overlay';
import { promotionQueries } from '../../api/promotions.ts';
import { usePromotionStrings } from '../../components/promotion-strings.ts';
import { BannersDialog } from './banners-dialog.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

/** The home entries: the invite and refund widgets, and the referral strip's receive (straight to the invite modal). */
export type PromoFeature = 'invite' | 'refund' | 'referral';

export type PromoFlowProps = {
  feature: PromoFeature;
  wallet: Wallet;
  /** `moved` when money reached the wallet: home refreshes it (docs/spec.md §2) */
  onDone: (moved: boolean) => void;
};

/**
 * docs/spec.md §2: invite and refund first fetch their banners; with any, a carousel modal opens and closing it opens the
 * invite or refund modal; with none (or a failed fetch) the modal opens directly.
 */
export function PromoFlow(props: PromoFlowProps) {
  return usePromotionStrings() ? <Flow {...props} /> : <LoadingOverlay isLoading />;
}

function Flow({ feature, wallet, onDone }: PromoFlowProps) {
  const { t } = useTranslation('promotions');
  const kind = feature === 'refund' ? 'refund' : 'invite';
  const banners = useQuery({ ...promotionQueries.banners(kind), enabled: feature !== 'referral' });
  const [hasSeenBanners, setHasSeenBanners] = useState(feature === 'referral');

  if (!hasSeenBanners) {
    if (banners.isPending) return <LoadingOverlay isLoading />;
    if (banners.data && banners.data.length > 0) {
      return (
        <BannersDialog banners={banners.data} title={t(`${kind}.title`)} onClose={() => setHasSeenBanners(true)} />
      );
    }
  }
  return kind === 'refund' ? (
    <RefundDialog currency={wallet.wallet.currency} onClose={onDone} />
  ) : (
    <InviteDialog wallet={wallet} onClose={onDone} />
  );
}
