import { z } from 'zod';
import { LoginResponseSchema } from './account.ts';
import { MessageSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

// Passkeys (WebAuthn) for quick sign-in (docs/decisions/0040-passkeys.md). The credential fields are the JSON forms
// of the browser's PublicKeyCredential (base64url strings), bounded so a hostile body costs nothing to refuse.

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

/** How many passkeys one member may keep. */
export const PASSKEYS_PER_MEMBER_MAX = 10;

const ExtensionResultsSchema = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** The browser's answer to `navigator.credentials.create()`, as @simplewebauthn/browser sends it. */
const RegistrationCredentialSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16_000),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResultsSchema.default({}),
});

/** The browser's answer to `navigator.credentials.get()`. */
const AuthenticationCredentialSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(1000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResultsSchema.default({}),
});

/** A challenge the server stored (single use, minutes) and the options the browser hands the authenticator. */
const CeremonySchema = z.object({
  challengeId: z.string(),
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON */
  options: z.looseObject({ challenge: z.string() }),
});

export const PasskeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

const PasskeyListSchema = z.object({
  items: z.array(PasskeySchema),
  /** until when this session's step-up lets it add or remove a passkey (ISO), or null */
  stepUpUntil: z.string().nullable(),
});

const StepUpRequestSchema = z.object({ password: z.string().min(1).max(128) });
const RegisterPasskeyRequestSchema = z.object({
  challengeId: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(40),
  credential: RegistrationCredentialSchema,
});
const SignInOptionsRequestSchema = z.object({
  /** "use passkey" after typing the phone: the options name that member's passkeys; absent for usernameless */
  phoneNumber: z.string().trim().min(1).max(20).optional(),
});
const SignInRequestSchema = z.object({
  challengeId: z.string().min(1).max(64),
  credential: AuthenticationCredentialSchema,
  remember: z.boolean().optional(),
});

export const passkeyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/passkeys',
    access: 'member',
    response: PasskeyListSchema,
    summary: "The member's passkeys (name, created, last used) and this session's step-up",
  }),
  stepUp: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys/step-up',
    access: 'member',
    body: StepUpRequestSchema,
    response: z.object({ stepUpUntil: z.string() }),
    summary: 'Re-enter the password: for a few minutes this session may add or remove passkeys',
  }),
  registerOptions: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys/options',
    access: 'member',
    response: CeremonySchema,
    summary: 'Start adding a passkey (after a step-up): a single-use challenge bound to this session',
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys',
    access: 'member',
    body: RegisterPasskeyRequestSchema,
    response: PasskeySchema,
    summary: "Add a passkey: verify the authenticator's attestation against the session's challenge",
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/passkeys/:id',
    access: 'member',
    params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    response: MessageSchema,
    summary: 'Remove one of the own passkeys (after a step-up)',
  }),
  signInOptions: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys/sign-in/options',
    access: 'public',
    body: SignInOptionsRequestSchema,
    response: CeremonySchema,
    summary: 'Start a passkey sign-in: a single-use challenge (usernameless, or for the typed phone)',
  }),
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/passkeys/sign-in',
    access: 'public',
    body: SignInRequestSchema,
    response: LoginResponseSchema,
    summary: 'Sign in with a passkey: verify the assertion and counter, start a normal session',
  }),
};
