import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../../lib/i18n.ts';
import { storage } from '../../../lib/storage.ts';
import { mockApi, renderWithProviders } from '../../../testing/mock-api.tsx';
import { ForgotPassword } from './forgot-password.tsx';

type Routes = Parameters<typeof mockApi>[0];

const routes = (overrides: Routes = {}): Routes => ({
  'POST /api/password/forgot': () => ({ body: { otpRef: 'WXYZ', otpToken: `tok-${Math.random()}`, code: 'OTP_SENT' } }),
  'POST /api/password/forgot/verify': () => ({
    body: { code: 'OTP_CODE_VALID', message: 'OK', otpTicket: 'ticket-1' },
  }),
  'POST /api/password/reset': () => ({ body: { token: 'access-1', refreshToken: 'refresh-1' } }),
  ...overrides,
});

beforeEach(() => i18next.changeLanguage('en'));
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

async function reachCode(calls = mockApi(routes())) {
  const onSignedIn = vi.fn();
  renderWithProviders(<ForgotPassword onSignedIn={onSignedIn} />);
  await userEvent.type(screen.getByLabelText('Phone number'), '0812345678');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText(/We sent a 6-digit code by SMS to 0812345678/);
  return { calls, onSignedIn };
}

describe('forgot password', () => {
  it('goes phone → code → new password, sends the ticket with it and signs in', async () => {
    const setToken = vi.spyOn(storage, 'setToken');
    const { calls, onSignedIn } = await reachCode();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    // the rule is shown under the field before anything is typed
    expect(await screen.findByText('6 to 128 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(screen.getByTestId('forgot-error')).toHaveTextContent('6 to 128 characters');
    expect(calls.some((c) => c.path === '/api/password/reset')).toBe(false);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === '/api/password/reset')?.body).toEqual({
      phoneNumber: '0812345678',
      otpTicket: 'ticket-1',
      newPassword: 'new-secret-1',
      remember: true,
    });
    expect(setToken).toHaveBeenCalledWith('access-1', true, 'refresh-1');
  });

  it('says too many wrong codes when the code is locked', async () => {
    mockApi(routes({ 'POST /api/password/forgot/verify': () => ({ status: 429, body: { message: 'OTP_BLOCK' } }) }));
    await reachCode([]);
    await userEvent.type(screen.getByLabelText('Verification code'), '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Too many wrong codes. Request a new code to try again.')).toBeInTheDocument();
  });
});
