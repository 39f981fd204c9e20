import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletQueries } from '../../../api/wallet.ts';
import { ResponsiblePlayScreen } from '../../../features/responsible-play/responsible-play-screen.tsx';

/** /user/responsible-play (docs/responsible-play.md): limits and breaks, linked from the profile. */
export function Component() {
  const { t } = useTranslation();
  const wallet = useQuery(walletQueries.summary());
  const currency = wallet.data?.wallet.currency ?? 'THB';
  return <ResponsiblePlayScreen unit={t(`wallet:unit.${currency}`, { defaultValue: currency })} />;
}
