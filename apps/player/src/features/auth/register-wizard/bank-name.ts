import type { Bank } from '@wallet/contract/lookup';

/** The bank's name in the interface language: nameLA for Lao, nameEN for English, the spec's nameTH otherwise. */
export const bankName = (bank: Bank, language: string): string =>
  (language === 'la' ? bank.nameLA : language === 'en' ? bank.nameEN : bank.nameTH) || bank.nameTH;
