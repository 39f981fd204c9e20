import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@wallet/contract/endpoint';
import type { api as schemaApi } from '@wallet/contract/api';
import { api } from '@wallet/contract/client-api.gen';
import { call } from '../lib/api-client.ts';

type Account = typeof schemaApi.account;

/** Forgot password by OTP: send the code, verify it (a reset ticket), set the new password (signed in). */
export const useForgotPasswordOtp = () =>
  useMutation({
    mutationFn: (body: BodyOf<Account['forgotPasswordOtp']>) => call(api.account.forgotPasswordOtp, { body }),
  });
export const useForgotPasswordVerify = () =>
  useMutation({
    mutationFn: (body: BodyOf<Account['forgotPasswordVerify']>) => call(api.account.forgotPasswordVerify, { body }),
  });
export const useResetPassword = () =>
  useMutation({ mutationFn: (body: BodyOf<Account['resetPassword']>) => call(api.account.resetPassword, { body }) });
