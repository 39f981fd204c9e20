import { describe, expect, it } from 'vitest';
import { bankName } from './bank-name.ts';

const kbank = { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' };

describe('bankName', () => {
  it.each([
    ['th', 'ธนาคารกสิกรไทย'],
    ['la', 'ທະນາຄານກະສິກອນໄທ'],
    ['en', 'Kasikornbank'],
    ['xx', 'ธนาคารกสิกรไทย'],
  ])('%s → %s', (language, name) => expect(bankName(kbank, language)).toBe(name));

  it('falls back to English for a Lao name that is missing (never Thai on a Lao screen), then to Thai', () => {
    expect(bankName({ ...kbank, nameLA: '' }, 'la')).toBe('Kasikornbank');
    expect(bankName({ ...kbank, nameLA: '', nameEN: '' }, 'la')).toBe('ธนาคารกสิกรไทย');
    expect(bankName({ ...kbank, nameEN: '' }, 'en')).toBe('ธนาคารกสิกรไทย');
  });
});
