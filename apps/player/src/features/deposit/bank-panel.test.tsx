import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DepositLookup } from '@wallet/contract/lookup';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { BankPanel } from './bank-panel.tsx';
import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';

const BANKS: DepositLookup['banks'] = [
  {
    bankCode: 'KBANK',
    bankType: 'DEPOSIT',
    mode: 'AUTO',
    bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    bankAccountName: 'Sandbox Wallet Co.',
    bankAccountNo: '0481234567',
    currency: 'THB',
  },
];

beforeEach(() => {
  for (const [lang, strings] of Object.entries({ en, th, la }))
    i18next.addResourceBundle(lang, 'deposit', strings, true, true);
  mockApi({
    'GET /api/lookup/slip': () => ({ body: { closeFrom: '23:50', closeTo: '00:10', isOpen: true, maxAgeMinutes: 60 } }),
    'GET /api/lookup/banks': () => ({
      body: [{ code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' }],
    }),
  });
});
afterEach(async () => {
  await i18next.changeLanguage('th');
});

describe('bank transfer panel', () => {
  it.each([
    ['la', 'ທະນາຄານກະສິກອນໄທ'],
    ['en', 'Kasikornbank'],
    ['th', 'ธนาคารกสิกรไทย'],
  ])('names the receiving bank in the interface language (%s): no Thai on a Lao screen', async (lang, name) => {
    await i18next.changeLanguage(lang);
    renderWithProviders(<BankPanel banks={BANKS} isManual={false} minDeposit={1} unit="THB" />);
    expect(await screen.findByText(name)).toBeInTheDocument();
    expect(screen.getByText('048-123-4567')).toBeInTheDocument();
  });
});
