import type { SlotAccount, Wallet } from '@wallet/contract/wallet';

/** Test data shaped like GET /api/wallet. */
export function slotFixture(patch: Partial<SlotAccount> & { code: string }): SlotAccount {
  return {
    name: patch.code.toUpperCase(),
    category: 'slot',
    logo: `/games/${patch.code}-logo.svg`,
    background: `/games/${patch.code}-bg.svg`,
    isActive: false,
    amount: 0,
    ftWalletSlot: 1,
    web: null,
    android: null,
    ios: null,
    ...patch,
  };
}

export function walletFixture(
  patch: { amount?: number; slots?: SlotAccount[]; coin?: number; invite?: number } = {},
): Wallet {
  return {
    profile: {
      _id: 'm1',
      name: 'Demo Player',
      username: '0812345678',
      createdAt: '2026-11-01T00:00:00.000Z',
      coin: patch.coin ?? 3,
      currency: 'THB',
      bankCode: 'KBANK',
      bankAccountName: 'DEMO PLAYER',
      bankAccountNo: '1234567890',
      bank: { nameTH: 'กสิกรไทย' },
    },
    bankAccount: {
      bankCode: 'KBANK',
      bankAccountName: 'DEMO PLAYER',
      bankAccountNo: '1234567890',
      bank: { nameTH: 'กสิกรไทย' },
    },
    wallet: { amount: patch.amount ?? 1000, currency: 'THB' },
    invite: { amount: patch.invite ?? 0, success: 0, fail: 0 },
    slots: patch.slots ?? [
      slotFixture({ code: 'pg', name: 'PG Soft', isActive: true, amount: 50 }),
      slotFixture({ code: 'joker2', name: 'Joker', isActive: false }),
    ],
    updatedAt: '2026-11-21T06:00:00.000Z',
  };
}
