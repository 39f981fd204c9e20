import { z } from 'zod';
import { AmountSchema, CodeParamsSchema, codeString, MessageSchema, MoneySchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ProfileSchema } from './account.ts';
import { DepositBonusOutcomeSchema } from './bets.ts';
import { GAME_CATEGORIES, SLIP_IMAGE_MAX_BYTES } from './limits.ts';

export const SlotAccountSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  logo: z.string(),
  background: z.string(),
  isActive: z.boolean(),
  amount: MoneySchema,
  ftWalletSlot: z.number(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
});
export type SlotAccount = z.infer<typeof SlotAccountSchema>;

export const BankAccountSchema = z.object({
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: z.object({ nameTH: z.string() }),
});

export const WalletSchema = z.object({
  profile: ProfileSchema,
  bankAccount: BankAccountSchema,
  wallet: z.object({ amount: MoneySchema, currency: z.string() }),
  invite: z.object({ amount: MoneySchema, success: z.number(), fail: z.number() }),
  slots: z.array(SlotAccountSchema),
  updatedAt: z.string(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const RefreshSlotSchema = z.object({ slots: z.array(SlotAccountSchema), updatedAt: z.string() });

export const GameCredentialsSchema = z.object({
  username: z.string(),
  password: z.string(),
  event: z.record(z.string(), z.string()).optional(),
});
export type GameCredentials = z.infer<typeof GameCredentialsSchema>;

const walletCode = codeString(32).min(1);
export const TransferRequestSchema = z.object({ from: walletCode, to: walletCode, amount: AmountSchema });
export type TransferRequest = z.infer<typeof TransferRequestSchema>;
export const TransferResponseSchema = z.object({
  message: z.string(),
  /** SUCCESS, or PENDING while the provider's answer is unknown (the reconciler settles it) */
  status: z.enum(['SUCCESS', 'PENDING']),
  transferId: z.string(),
});
export const TransferAllRequestSchema = z.object({ to: walletCode });
export const TransferAllResponseSchema = z.object({ message: z.string(), amount: MoneySchema, pending: z.number() });

export const AmountRequestSchema = z.object({ amount: AmountSchema });
/**
 * A QR deposit with the bonus the member chose on the deposit sheet (`GET /api/bonus/deposit`), claimed when the
 * money is credited or skipped with the reason pushed (docs/decisions/0042-bets-and-bonus-at-deposit.md).
 */
export const QrCreateRequestSchema = AmountRequestSchema.extend({ bonusCode: codeString(64).min(1).optional() });
/**
 * A deposit bonus chosen with a slip or a True Wallet voucher (their amount is known only when they are credited): the
 * choice is claimed in the crediting transaction, never refusing the deposit; the answer's `bonus` tells what became
 * of it (docs/decisions/0042-bets-and-bonus-at-deposit.md).
 */
const ChosenBonusSchema = z.object({ bonusCode: codeString(64).min(1).optional() });
export const SlipUploadFieldsSchema = ChosenBonusSchema;
export const TrueLinkRequestSchema = z.object({ link: z.string().min(1).max(2000) }).extend(ChosenBonusSchema.shape);
/** what became of the chosen bonus: claimed, skipped with the reason, or still `chosen` while the slip is verified */
const BonusOutcomeField = DepositBonusOutcomeSchema.shape.outcome.unwrap().optional();
export const DepositResultSchema = z.object({
  message: z.string(),
  amount: MoneySchema.optional(),
  bonus: BonusOutcomeField,
});
export const SlipUploadResponseSchema = z.object({
  message: z.string(),
  status: z.string(),
  amount: MoneySchema.optional(),
  note: z.string().optional(),
  reference: z.string().optional(),
  bonus: BonusOutcomeField,
});

export const QrStateSchema = z.object({
  qrcodeId: z.string().nullable(),
  hasQrcode: z.boolean(),
  qrcode: z.string().nullable(),
  amount: MoneySchema.nullable(),
  /** ISO time the QR stops being payable */
  expireIn: z.string().nullable(),
  message: z.string(),
  /** the raw EMVCo payload (banking apps on the same phone, tests) */
  payload: z.string().nullable().optional(),
});
export type QrState = z.infer<typeof QrStateSchema>;
/** A withdrawal's id (the statement row's `_id`). */
const WithdrawalParamsSchema = z.object({ id: z.string().min(1).max(64) });
const ProviderParamsSchema = z.object({ provider: codeString(16).min(1) });

export const AutoLoginParamsSchema = z.object({ game: codeString(32).min(1), username: z.string().min(1).max(64) });
export const AutoLoginWithPasswordParamsSchema = AutoLoginParamsSchema.extend({ password: z.string().min(1).max(128) });
export const AutoLoginResponseSchema = z.object({ link: z.string() });

export const walletEndpoints = {
  wallet: defineEndpoint({
    method: 'GET',
    path: '/api/wallet',
    access: 'member',
    response: WalletSchema,
    summary: 'Wallet, profile, invite balance and game accounts',
  }),
  refreshSlot: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/refresh/slot',
    access: 'member',
    response: RefreshSlotSchema,
    summary: 'Refresh every game balance from the providers',
  }),
  activate: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/activate/:code',
    access: 'member',
    params: CodeParamsSchema,
    response: GameCredentialsSchema,
    summary: 'Open a game account',
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/account/:code',
    access: 'member',
    params: CodeParamsSchema,
    response: GameCredentialsSchema,
    summary: 'Game account credentials',
  }),
  resetPassword: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/resetpassword/:code',
    access: 'member',
    params: CodeParamsSchema,
    response: GameCredentialsSchema,
    summary: 'Reset a game account password',
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/add',
    access: 'member',
    body: AmountRequestSchema,
    response: MessageSchema,
    movesMoney: true,
    summary: 'Notify a manual bank deposit',
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/transfer',
    access: 'member',
    body: TransferRequestSchema,
    response: TransferResponseSchema,
    movesMoney: true,
    summary: 'Move money between the wallet and a game',
  }),
  transferAll: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/transferAll',
    access: 'member',
    body: TransferAllRequestSchema,
    response: TransferAllResponseSchema,
    movesMoney: true,
    summary: 'Collect every other balance into one place',
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/withdraw',
    access: 'member',
    body: AmountRequestSchema,
    response: MessageSchema,
    movesMoney: true,
    summary: 'Request a withdrawal',
  }),
  withdrawCancel: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/withdraw/:id/cancel',
    access: 'member',
    params: WithdrawalParamsSchema,
    response: MessageSchema,
    movesMoney: true,
    summary: 'Cancel an own withdrawal still waiting for review (WITHDRAWAL_NOT_CANCELLABLE once it moved on)',
  }),
  withdrawAll: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/withdrawAll',
    access: 'member',
    body: AmountRequestSchema,
    response: MessageSchema,
    movesMoney: true,
    summary: 'Collect games and withdraw',
  }),
  slip: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/slip',
    access: 'member',
    body: SlipUploadFieldsSchema,
    response: SlipUploadResponseSchema,
    isUpload: true,
    maxUploadBytes: SLIP_IMAGE_MAX_BYTES,
    movesMoney: true,
    summary: 'Upload a transfer slip',
  }),
  truelink: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/truelink',
    access: 'member',
    body: TrueLinkRequestSchema,
    response: DepositResultSchema,
    movesMoney: true,
    summary: 'Redeem a True Wallet gift link',
  }),
  qrGet: defineEndpoint({
    method: 'GET',
    path: '/api/qrcode/:provider',
    access: 'member',
    params: ProviderParamsSchema,
    response: QrStateSchema,
    summary: 'Current QR of a provider',
  }),
  qrCreate: defineEndpoint({
    method: 'POST',
    path: '/api/qrcode/:provider',
    access: 'member',
    params: ProviderParamsSchema,
    body: QrCreateRequestSchema,
    response: QrStateSchema,
    movesMoney: true,
    summary: 'Create a deposit QR',
  }),
  qrDelete: defineEndpoint({
    method: 'DELETE',
    path: '/api/qrcode/:qrcodeId',
    access: 'member',
    params: z.object({ qrcodeId: z.string().min(1).max(64) }),
    response: MessageSchema,
    summary: 'Cancel a deposit QR',
  }),
  autoLogin: defineEndpoint({
    method: 'GET',
    path: '/api/autoLogin/:game/:username',
    access: 'member',
    params: AutoLoginParamsSchema,
    response: AutoLoginResponseSchema,
    summary: 'Game launch link',
  }),
  autoLoginWithPassword: defineEndpoint({
    method: 'GET',
    path: '/api/autoLogin/:game/:username/:password',
    access: 'member',
    params: AutoLoginWithPasswordParamsSchema,
    response: AutoLoginResponseSchema,
    summary: 'Game launch link (legacy form with password)',
  }),
};
