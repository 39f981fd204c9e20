import type { Bank } from '@wallet/contract/lookup';

type BankNames = Pick<Bank, 'nameTH'> & Partial<Pick<Bank, 'nameEN' | 'nameLA'>>;

/**
 * The bank's name in the interface language: nameLA for Lao, nameEN for English, the spec's nameTH otherwise. A name
 * missing in Lao falls back to English (never Thai script on a Lao screen), then to Thai.
 */
export const bankName = (bank: BankNames, language: string): string =>
  (language === 'la' ? bank.nameLA || bank.nameEN : language === 'en' ? bank.nameEN : bank.nameTH) || bank.nameTH;
