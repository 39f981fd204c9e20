import { AppError } from '../../errors.ts';
import type { AccountRepository, BankFields, BankRow } from './account.repository.ts';
import { cleanAccountName, cleanAccountNo } from './registration-rules.ts';

export type BankInput = {
  bankCode?: string | undefined;
  bankAccountName?: string | undefined;
  bankAccountNo?: string | undefined;
};

/**
 * The bank rules of docs/spec.md §5 for whichever fields are present: the bank exists (INVALID_BANK),
 * the number fits the bank (INVALID_USER_INFO), KTB/TMB/BBL names are English
 * (BANK_ACCOUNT_NAME_ENG), and nobody else holds the account (EXISTING_BANK).
 */
export async function checkBankFields(
  repo: AccountRepository,
  input: BankInput,
  exceptMemberId?: number,
): Promise<Partial<BankFields> & { bank?: BankRow }> {
  const out: Partial<BankFields> & { bank?: BankRow } = {};
  if (input.bankCode !== undefined) {
    const code = input.bankCode.trim().toUpperCase();
    const bank = code === '' ? undefined : await repo.findBank(code);
    if (!bank) throw new AppError('INVALID_BANK');
    out.bank = bank;
    out.bankCode = bank.code;
  }
  if (input.bankAccountName !== undefined) {
    out.bankAccountName = cleanAccountName(input.bankAccountName, out.bank?.requiresEnglishName ?? false);
  }
  if (input.bankAccountNo !== undefined) {
    const digits = out.bank ?? { country: 'TH', accountDigitsMin: 1, accountDigitsMax: 20 };
    out.bankAccountNo = cleanAccountNo(input.bankAccountNo, digits);
  }
  if (
    out.bankCode &&
    out.bankAccountNo &&
    (await repo.bankAccountTaken(out.bankCode, out.bankAccountNo, exceptMemberId))
  ) {
    throw new AppError('EXISTING_BANK');
  }
  return out;
}
