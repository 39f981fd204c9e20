import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@wallet/contract/endpoint';
import type { api as schemaApi } from '@wallet/contract/api';
import { api } from '@wallet/contract/client-api.gen';
import { call } from '../lib/api-client.ts';

type Account = typeof schemaApi.account;

/** GET /api/account/profile and the account mutations (docs/spec.md §7 "Account and auth"). */
const accountQueries = {
  all: ['account'] as const,
  profile: () =>
    queryOptions({
      queryKey: ['account', 'profile'],
      queryFn: ({ signal }) => call(api.account.profile, { signal }),
    }),
};

export const useProfile = () => useQuery(accountQueries.profile());

/** POST /api/login → { token } */
export const useLogin = () =>
  useMutation({ mutationFn: (body: BodyOf<Account['login']>) => call(api.account.login, { body }) });

/** POST /api/otp/send → { otpRef, otpToken, code }; a held ticket makes the server answer OTP_VERIFIED */
export const useOtpSend = () =>
  useMutation({ mutationFn: (body: BodyOf<Account['otpSend']>) => call(api.account.otpSend, { body }) });

/** POST /api/otp/verify */
export const useOtpVerify = () =>
  useMutation({ mutationFn: (body: BodyOf<Account['otpVerify']>) => call(api.account.otpVerify, { body }) });

/** POST /api/account/validate (registration steps 3 and 4) */
export const useValidateRegistration = () =>
  useMutation({ mutationFn: (body: BodyOf<Account['validate']>) => call(api.account.validate, { body }) });

/** POST /api/account */
export const useRegister = () =>
  useMutation({ mutationFn: (body: BodyOf<Account['register']>) => call(api.account.register, { body }) });

/** PUT /api/account/changepwd (the server revokes the member's other sessions) */
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: BodyOf<Account['changePassword']>) => call(api.account.changePassword, { body }) });

/** PUT /api/account/bankAccountName; refreshes the profile */
export function useUpdateBankAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<Account['bankAccountName']>) => call(api.account.bankAccountName, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.profile().queryKey }),
  });
}

/** POST /api/account/profile/otp: a code to the member's phone approving a payout bank account change */
export const useBankChangeOtp = () => useMutation({ mutationFn: () => call(api.account.bankChangeOtp) });

/** PUT /api/account/profile (a new bank or account number carries otpToken + otpCode); refreshes the profile */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<Account['updateProfile']>) => call(api.account.updateProfile, { body }),
    onSuccess: (profile) => queryClient.setQueryData(accountQueries.profile().queryKey, profile),
  });
}
