import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import { call } from '../lib/api-client.ts';
import '../lib/passkey-errors.ts';

// Passkeys (docs/decisions/0040-passkeys.md). Loaded only by the passkey chunks (the sign-in button's import() and
// the profile's lazy Passkeys section), with the WebAuthn browser library.

const passkeysKey = ['passkeys'] as const;
const securityEventsKey = ['account', 'security-events'] as const;

/** True when the browser or the player ended the ceremony (cancelled, timed out): nothing to show. */
export function isPasskeyCancelled(error: unknown): boolean {
  return (
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
    (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
  );
}

export const usePasskeys = () =>
  useQuery({ queryKey: passkeysKey, queryFn: ({ signal }) => call(api.passkeys.list, { signal }) });

/** The password re-entered: for a few minutes this session may add or remove passkeys. */
export const useStepUp = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call(api.passkeys.stepUp, { body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
};

/** Options from the server, the authenticator creates the passkey, the server verifies and keeps it. */
export const useAddPasskey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { challengeId, options } = await call(api.passkeys.registerOptions);
      const credential = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return call(api.passkeys.register, { body: { challengeId, name, credential } });
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: passkeysKey });
      await client.invalidateQueries({ queryKey: securityEventsKey });
    },
  });
};

export const useRemovePasskey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.passkeys.remove, { params: { id } }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: passkeysKey });
      await client.invalidateQueries({ queryKey: securityEventsKey });
    },
  });
};

/** Sign in with a passkey: usernameless, or among the passkeys of the phone typed. Resolves to the login answer. */
export async function signInWithPasskey(input: { phoneNumber?: string; remember: boolean }) {
  const { challengeId, options } = await call(api.passkeys.signInOptions, {
    body: input.phoneNumber ? { phoneNumber: input.phoneNumber } : {},
  });
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return call(api.passkeys.signIn, { body: { challengeId, credential, remember: input.remember } });
}
