import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { CURRENCIES } from './limits.ts';

/** nameTH is the spec's field; nameEN and nameLA let the player show the member's language. */
export const BankSchema = z.object({ code: z.string(), nameTH: z.string(), nameEN: z.string(), nameLA: z.string() });
export type Bank = z.infer<typeof BankSchema>;

export const SourceSchema = z.object({ code: z.string(), description: z.string() });
export type Source = z.infer<typeof SourceSchema>;

export const DepositBankSchema = z.object({
  bankCode: z.string(),
  bankType: z.string(),
  mode: z.enum(['AUTO', 'SMS']),
  bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.enum(CURRENCIES),
});
export type DepositBank = z.infer<typeof DepositBankSchema>;
export const DepositWalletSchema = z.object({ walletAccountName: z.string(), mode: z.enum(['AUTO', 'SMS']) });
export const DepositLookupSchema = z.object({
  banks: z.array(DepositBankSchema),
  wallets: z.array(DepositWalletSchema),
  isManual: z.boolean(),
  /** a baht wallet's minimum (the spec's field) */
  minDeposit: z.number(),
  /**
   * beyond the spec: the minimum, quick amounts and largest QR deposit of a wallet in each currency, whole units
   * (docs/money-rules.md)
   */
  byCurrency: z
    .record(
      z.enum(CURRENCIES),
      z.object({ minDeposit: z.number(), quickAmounts: z.array(z.number()), maxQrDeposit: z.number().optional() }),
    )
    .optional(),
});
export type DepositLookup = z.infer<typeof DepositLookupSchema>;

export const InfoSchema = z.object({
  name: z.string(),
  website: z.string(),
  logo: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  videos: z.array(z.object({ code: z.string(), url: z.string() })),
});
export type Info = z.infer<typeof InfoSchema>;

export const ContactSchema = z.object({
  contactText: z.string(),
  lineLink: z.string(),
  lineName: z.string(),
  lineQR: z.string(),
});
export type Contact = z.infer<typeof ContactSchema>;

export const NoticeSchema = z.object({ text: z.string() });
const WithdrawBoundsSchema = z.object({ withdrawMin: z.number(), withdrawMax: z.number() });
/** a baht wallet's bounds (the spec's fields) and, beyond the spec, each currency's (docs/money-rules.md) */
export const WithdrawLookupSchema = WithdrawBoundsSchema.extend({
  byCurrency: z.record(z.enum(CURRENCIES), WithdrawBoundsSchema).optional(),
});
export type WithdrawLookup = z.infer<typeof WithdrawLookupSchema>;
export const SlipLookupSchema = z.object({
  /** daily window (Asia/Bangkok, HH:mm) during which slip upload is closed */
  closeFrom: z.string(),
  closeTo: z.string(),
  isOpen: z.boolean(),
  maxAgeMinutes: z.number(),
});
export const SiteActiveSchema = z.object({ active: z.boolean() });

const lookup = <R extends z.ZodType>(name: string, response: R, summary: string) =>
  defineEndpoint({ method: 'GET', path: `/api/lookup/${name}`, access: 'public', response, summary });

export const lookupEndpoints = {
  banks: lookup('banks', z.array(BankSchema), 'Banks a member can register (nameTH, nameEN, nameLA)'),
  deposit: lookup('deposit', DepositLookupSchema, 'Deposit accounts, wallets and mode'),
  conditions: lookup(
    'conditions',
    z.array(z.string()),
    'Bonus conditions (HTML) in the Accept-Language language, Thai otherwise',
  ),
  agreements: lookup(
    'agreements',
    z.array(z.string()),
    'Agreements (HTML) in the Accept-Language language, Thai otherwise',
  ),
  info: lookup('info', InfoSchema, 'Site name, website and branding'),
  notice: lookup('notice', NoticeSchema, 'Notice text with %percentFail%'),
  contact: lookup('contact', ContactSchema, 'Contact text (Accept-Language, Thai otherwise) and chat links'),
  withdraw: lookup('withdraw', WithdrawLookupSchema, 'Withdraw bounds'),
  slip: lookup('slip', SlipLookupSchema, 'Slip upload window'),
  sources: lookup('sources', z.array(SourceSchema), 'Sources of discovery, described in the Accept-Language language'),
  active: lookup('active', SiteActiveSchema, 'Whether the site is active'),
  registerOTP: lookup('registerOTP', z.object({ registerOTP: z.boolean() }), 'OTP on registration setting'),
  enableChatWidget: lookup('enableChatWidget', z.object({ enableChatWidget: z.boolean() }), 'Chat widget setting'),
};
