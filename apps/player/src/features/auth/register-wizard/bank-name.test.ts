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

  it('falls back to the Thai name when a translation is empty', () => {
    expect(bankName({ ...kbank, nameLA: '' }, 'la')).toBe('ธนาคารกสิกรไทย');
  });
});
