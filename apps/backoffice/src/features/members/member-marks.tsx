import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';

/** The flag and payout-hold pills of a member. */
export function MemberMarks({ member }: { member: { flagged: boolean; payoutHold: boolean } }) {
  const { t } = useTranslation('members');
  return (
    <>
      {member.flagged && <StatusBadge tone="warning">{t('marks.flagged')}</StatusBadge>}
      {member.payoutHold && <StatusBadge tone="danger">{t('marks.payoutHold')}</StatusBadge>}
    </>
  );
}
