import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { LoginForm } from './login-form.tsx';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof WebAuthnBrowser>()),
  startAuthentication: browser.startAuthentication,
}));

const OPTIONS = { challengeId: 'c1', options: { challenge: 'abc', rpId: 'localhost' } };
const CREDENTIAL = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};

describe('Sign in with a passkey (login form)', () => {
  beforeEach(async () => {
    await i18next.changeLanguage('en');
    localStorage.clear();
    sessionStorage.clear();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockReset();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('th');
  });

  it('is not offered by a browser without WebAuthn', () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('PublicKeyCredential', undefined);
    mockApi({});
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    expect(screen.queryByTestId('passkey-sign-in')).toBeNull();
  });

  it('signs in among the passkeys of the typed phone and stores the tokens by remember me', async () => {
    browser.startAuthentication.mockResolvedValue(CREDENTIAL);
    const calls = mockApi({
      'POST /api/passkeys/sign-in/options': () => ({ body: OPTIONS }),
      'POST /api/passkeys/sign-in': () => ({ body: { token: 'tok', refreshToken: 'sid.secret' } }),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText('Phone number'), '0812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/passkeys/sign-in/options', { phoneNumber: '0812345678' }],
      ['/api/passkeys/sign-in', { challengeId: 'c1', credential: CREDENTIAL, remember: true }],
    ]);
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('asks usernameless without a phone, and shows a refusal inline in the chosen language', async () => {
    browser.startAuthentication.mockResolvedValue(CREDENTIAL);
    const calls = mockApi({
      'POST /api/passkeys/sign-in/options': () => ({ body: OPTIONS }),
      'POST /api/passkeys/sign-in': () => ({ status: 401, body: { message: 'PASSKEY_INVALID' } }),
    });
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    const error = await screen.findByTestId('login-error');
    expect(error).toHaveTextContent('The passkey could not be verified.');
    expect(calls[0]?.body).toEqual({});
  });

  it('shows nothing when the player cancels the device prompt', async () => {
    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const calls = mockApi({ 'POST /api/passkeys/sign-in/options': () => ({ body: OPTIONS }) });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    await userEvent.click(button);
    await waitFor(() => expect(browser.startAuthentication).toHaveBeenCalled());
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
