import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { needsStepUp } from './passkey-step-up.ts';
import { PasskeysSection } from './passkeys-section.tsx';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof WebAuthnBrowser>()),
  startRegistration: browser.startRegistration,
}));

const PHONE_KEY = { id: 7, name: 'My phone', createdAt: '2026-11-20T03:00:00.000Z', lastUsedAt: null };
const REGISTRATION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AAAA', transports: ['internal'] },
  clientExtensionResults: {},
};

describe('PasskeysSection', () => {
  beforeEach(async () => {
    await i18next.changeLanguage('en');
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startRegistration.mockReset();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('th');
  });

  it('lists the passkeys with when they were added and used', async () => {
    mockApi({
      'GET /api/passkeys': () => ({
        body: {
          items: [PHONE_KEY, { ...PHONE_KEY, id: 8, name: 'Tablet', lastUsedAt: PHONE_KEY.createdAt }],
          stepUpUntil: null,
        },
      }),
    });
    renderWithProviders(<PasskeysSection />);
    const items = await screen.findAllByTestId('passkey-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('My phone');
    expect(items[0]).toHaveTextContent('Not used yet');
    expect(items[1]).toHaveTextContent('Last used');
  });

  it('adds a passkey after the password again: step-up, options, device, register', async () => {
    browser.startRegistration.mockResolvedValue(REGISTRATION);
    let items: (typeof PHONE_KEY)[] = [];
    const calls = mockApi({
      'GET /api/passkeys': () => ({ body: { items, stepUpUntil: null } }),
      'POST /api/passkeys/step-up': () => ({ body: { stepUpUntil: new Date(Date.now() + 300_000).toISOString() } }),
      'POST /api/passkeys/options': () => ({ body: { challengeId: 'c1', options: { challenge: 'abc' } } }),
      'POST /api/passkeys': () => {
        items = [PHONE_KEY];
        return { body: PHONE_KEY };
      },
    });
    renderWithProviders(<PasskeysSection />);
    await userEvent.click(await screen.findByTestId('passkey-add'));
    const form = await screen.findByTestId('passkey-add-form');
    await userEvent.type(within(form).getByLabelText('Passkey name'), 'My phone');
    await userEvent.type(within(form).getByLabelText('Your password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/passkeys/step-up', { password: 'secret-pass' }],
      ['/api/passkeys/options', undefined],
      ['/api/passkeys', { challengeId: 'c1', name: 'My phone', credential: REGISTRATION }],
    ]);
  });

  it('removes a passkey without asking the password while the step-up is fresh', async () => {
    let items = [PHONE_KEY];
    const stepUpUntil = new Date(Date.now() + 240_000).toISOString();
    const calls = mockApi({
      'GET /api/passkeys': () => ({ body: { items, stepUpUntil } }),
      'DELETE /api/passkeys/7': () => {
        items = [];
        return { body: { message: 'SUCCESS' } };
      },
    });
    renderWithProviders(<PasskeysSection />);
    await userEvent.click(await screen.findByTestId('passkey-remove'));
    const form = await screen.findByTestId('passkey-remove-form');
    expect(within(form).queryByLabelText('Your password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByText('No passkeys yet.');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/passkeys/7')).toBe(true);
  });

  it('asks the password again when the step-up is missing or about to end', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(needsStepUp(null, now)).toBe(true);
    expect(needsStepUp('2026-11-27T10:00:20Z', now)).toBe(true);
    expect(needsStepUp('2026-11-27T10:04:00Z', now)).toBe(false);
  });
});
