import { describe, expect, it } from 'vitest';
import { api, listEndpoints } from './api.ts';
import { AmountSchema } from './common.ts';
import { ERROR_CODES, SLIP_FAILURE_REASONS } from './errors.ts';

/** Every call of docs/spec.md §7, written as the spec writes it ({x} = path parameter). */
const SPEC_CALLS = [
  ...[
    'banks',
    'deposit',
    'conditions',
    'agreements',
    'info',
    'notice',
    'contact',
    'withdraw',
    'slip',
    'sources',
    'active',
    'registerOTP',
    'enableChatWidget',
  ].map((n) => `GET /api/lookup/${n}`),
  'POST /api/login',
  'POST /api/account/validate',
  'POST /api/account',
  'GET /api/account/profile',
  'PUT /api/account/profile',
  'PUT /api/account/bankAccountName',
  'PUT /api/account/changepwd',
  'POST /api/otp/send',
  'POST /api/otp/verify',
  'GET /api/wallet',
  'GET /api/wallet/refresh/slot',
  'GET /api/wallet/activate/{code}',
  'GET /api/wallet/account/{code}',
  'GET /api/wallet/resetpassword/{code}',
  'POST /api/wallet/add',
  'POST /api/wallet/transfer',
  'POST /api/wallet/transferAll',
  'POST /api/wallet/withdraw',
  'POST /api/wallet/withdrawAll',
  'POST /api/wallet/slip',
  'POST /api/wallet/truelink',
  'GET /api/qrcode/{provider}',
  'POST /api/qrcode/{provider}',
  'DELETE /api/qrcode/{qrcodeId}',
  'GET /api/autoLogin/{game}/{username}',
  'GET /api/autoLogin/{game}/{username}/{password}',
  'POST /api/invite',
  'GET /api/invite/bonus',
  'GET /api/invite/banners',
  'POST /api/refund',
  'GET /api/refund/check',
  'GET /api/refund/receive',
  'GET /api/refund/addWallet',
  'GET /api/refund/banners',
  'GET /api/bonus',
  'GET /api/bonus/activate/{code}',
  'GET /api/bonus/check/active',
  'GET /api/bonus/check/minimum',
  'GET /api/bonus/clear',
  'GET /api/promotion/current',
  'GET /api/promotion/find/{code}',
  'GET /api/promotion/activate/{code}',
  'POST /api/statement',
  'POST /api/statement/slip',
  'GET /api/statement/slip/reference/{reference}',
  'GET /api/spinwheel/setup',
  'POST /api/spinwheel/spin',
  'GET /api/spinwheel/coupon',
  'POST /api/spinwheel/coupon/claim',
  'GET /api/spinwheel/active',
  'GET /api/chat/config',
  'POST /api/chat/send-message',
  'POST /api/chat/history',
  'POST /api/chat/upload-image',
  'POST /api/chat/upload-video',
  'PUT /api/chat/read-customer/',
];

const declared = new Set(
  listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path.replace(/:(\w+)/g, '{$1}')}`),
);

describe('contract', () => {
  it.each(SPEC_CALLS)('declares %s', (call) => {
    expect(declared.has(call)).toBe(true);
  });

  it('declares each method and path once', () => {
    expect(declared.size).toBe(listEndpoints().length);
  });

  it('gives every endpoint a response schema and a summary', () => {
    for (const { id, endpoint } of listEndpoints()) {
      expect(endpoint.response, id).toBeDefined();
      expect(endpoint.summary.length, id).toBeGreaterThan(3);
    }
  });

  it('holds the closed error catalogue of §8 with no duplicates', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toContain('WRONG_CREDENTIAL');
    expect(SLIP_FAILURE_REASONS).toHaveLength(11);
  });

  it.each([
    0,
    -1,
    0.001,
    100.005,
    0.999999999,
    1e-9,
    1.0000000001,
    '100',
    1e21,
    Number.NaN,
    Number.MAX_SAFE_INTEGER + 2,
  ])('rejects amount %s', (amount) => {
    expect(AmountSchema.safeParse(amount).success).toBe(false);
  });

  it.each([1, 100.5, 0.01, 0.1, 999999.99, 1e12 - 0.01])('accepts amount %s', (amount) => {
    expect(AmountSchema.safeParse(amount).success).toBe(true);
  });

  it('groups lookups under /api/lookup', () => {
    expect(Object.values(api.lookup).every((e) => e.path.startsWith('/api/lookup/'))).toBe(true);
  });
});
