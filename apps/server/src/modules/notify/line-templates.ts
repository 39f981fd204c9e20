import type { LineNotificationKind } from '@wallet/contract/notify';

export type NotifyLanguage = 'th' | 'la' | 'en';

/**
 * The LINE message of each notification in the member's language (docs/decisions/0041-line-notifications.md).
 * `{amount}` and `{currency}` are filled from the event; a message never carries a link or a secret.
 */
const TEMPLATES: Record<LineNotificationKind, Record<NotifyLanguage, string>> = {
  depositCredited: {
    th: 'ฝากเงิน {amount} {currency} เข้ากระเป๋าของคุณแล้ว',
    la: 'ເງິນຝາກ {amount} {currency} ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ',
    en: 'Your deposit of {amount} {currency} has been credited to your wallet.',
  },
  withdrawalPaid: {
    th: 'รายการถอนเงินของคุณโอนเข้าบัญชีธนาคารแล้ว',
    la: 'ລາຍການຖອນເງິນຂອງທ່ານໂອນເຂົ້າບັນຊີທະນາຄານແລ້ວ',
    en: 'Your withdrawal has been paid to your bank account.',
  },
  withdrawalRejected: {
    th: 'คำขอถอนเงินของคุณไม่ได้รับการอนุมัติ ดูรายละเอียดได้ในแอป',
    la: 'ຄຳຂໍຖອນເງິນຂອງທ່ານບໍ່ໄດ້ຮັບການອະນຸມັດ ເບິ່ງລາຍລະອຽດໄດ້ໃນແອັບ',
    en: 'Your withdrawal request was not approved. See the details in the app.',
  },
  bonusEnded: {
    th: 'โบนัสของคุณสิ้นสุดแล้ว ดูรายละเอียดได้ในแอป',
    la: 'ໂບນັດຂອງທ່ານສິ້ນສຸດແລ້ວ ເບິ່ງລາຍລະອຽດໄດ້ໃນແອັບ',
    en: 'Your bonus has ended. See the details in the app.',
  },
};

/** The text for a member: `values` fill the template's `{name}` places (unknown places stay as they are). */
export function lineText(kind: LineNotificationKind, language: NotifyLanguage, values: Record<string, string>): string {
  return TEMPLATES[kind][language].replace(/\{(\w+)\}/g, (place, name: string) => values[name] ?? place);
}

/** Minor units as the message shows them: `1,234.50`. */
export function formatMinor(minor: string): string {
  const value = BigInt(minor);
  const whole = value / 100n;
  const cents = String((value < 0n ? -value : value) % 100n).padStart(2, '0');
  return `${whole.toLocaleString('en-US')}.${cents}`;
}

/** Operator alerts go to one group of Thai and English readers: both languages in one message. */
export function alertText(kind: 'payoutFailed' | 'largeWithdrawal', withdrawalId: string, amount: string): string {
  if (kind === 'payoutFailed') {
    return `การจ่ายเงินถอน ${withdrawalId} (${amount}) ล้มเหลว โปรดตรวจสอบในคอนโซล\nPayout of withdrawal ${withdrawalId} (${amount}) failed: check it in the console.`;
  }
  return `คำขอถอน ${withdrawalId} ยอด ${amount} รอตรวจสอบ\nWithdrawal ${withdrawalId} of ${amount} is waiting for review.`;
}
