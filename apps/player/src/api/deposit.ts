import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import type { QrProvider } from '@wallet/contract/limits';
import { useMoneyMutation } from '@wallet/web-core/use-money-mutation';
import { call } from '../lib/api-client.ts';

/** Query keys of the deposit modal (docs/code-style.md §3). */
export const depositQueries = {
  all: ['deposit'] as const,
  lookup: () =>
    queryOptions({
      queryKey: ['deposit', 'lookup'] as const,
      queryFn: ({ signal }) => call(api.lookup.deposit, { signal }),
      staleTime: 60_000,
    }),
  slipWindow: () =>
    queryOptions({
      queryKey: ['deposit', 'slip-window'] as const,
      queryFn: ({ signal }) => call(api.lookup.slip, { signal }),
      staleTime: 60_000,
    }),
  qr: (provider: QrProvider) =>
    queryOptions({
      queryKey: ['deposit', 'qr', provider] as const,
      queryFn: ({ signal }) => call(api.wallet.qrGet, { params: { provider }, signal }),
      retry: false,
      // a QR is single-use: the sheet never shows a remembered one (it may have been paid meanwhile), it asks again
      staleTime: 0,
      gcTime: 0,
    }),
};

/** GET /api/lookup/deposit (docs/spec.md §8: its failures are silently ignored: the modal shows what it has). */
export const useDepositLookup = () => useQuery(depositQueries.lookup());
export const useSlipWindow = () => useQuery(depositQueries.slipWindow());
export const useQrState = (provider: QrProvider) => useQuery(depositQueries.qr(provider));

/** POST /api/qrcode/{provider}; a new QR marks every provider's view to refresh (docs/spec.md §4). */
export function useCreateQr() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    // bonusCode: the bonus chosen on the sheet, claimed when the money is credited (docs/decisions/0042)
    mutationFn: (body: { provider: QrProvider; amount: number; bonusCode?: string | null }, idempotencyKey: string) =>
      call(api.wallet.qrCreate, {
        params: { provider: body.provider },
        body: { amount: body.amount, ...(body.bonusCode ? { bonusCode: body.bonusCode } : {}) },
        idempotencyKey,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['deposit', 'qr'] }),
  });
}

/** DELETE /api/qrcode/{qrcodeId}. */
export const cancelQr = (qrcodeId: string) => call(api.wallet.qrDelete, { params: { qrcodeId } });

/** POST /api/wallet/truelink {link: `${ciphertext}::${walletAccountName}`}, once per intent. */
export function useTrueLink() {
  return useMoneyMutation({
    mutationFn: (body: { link: string; bonusCode?: string }, idempotencyKey: string) =>
      call(api.wallet.truelink, { body, idempotencyKey }),
  });
}

/** POST /api/wallet/add {amount}: the member's notice of a manual bank transfer (isManual mode), once per intent. */
export function useManualNotice() {
  return useMoneyMutation({
    mutationFn: (body: { amount: number }, idempotencyKey: string) => call(api.wallet.add, { body, idempotencyKey }),
  });
}
