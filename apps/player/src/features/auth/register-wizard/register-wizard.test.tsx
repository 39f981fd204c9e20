import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../../lib/i18n.ts';
import { mockApi, renderWithProviders, type MockCall } from '../../../testing/mock-api.tsx';
import { RegisterWizard } from './register-wizard.tsx';

type Routes = Parameters<typeof mockApi>[0];

const baseRoutes = (isOtpOn: boolean): Routes => ({
  'GET /api/lookup/registerOTP': () => ({ body: { registerOTP: isOtpOn } }),
  'GET /api/lookup/sources': () => ({ body: [{ code: 'FACEBOOK', description: 'Facebook' }] }),
  'GET /api/lookup/banks': () => ({
    body: [
      { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', nameLA: 'ທະນາຄານໄທພານິດ' },
      { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' },
      { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', nameLA: 'ທະນາຄານກຸງໄທ' },
    ],
  }),
  'POST /api/account/validate': () => ({ body: { message: 'OK' } }),
  'POST /api/account': () => ({ body: { message: 'SUCCESS' } }),
  'POST /api/otp/send': () => ({ body: { otpRef: 'ABCD', otpToken: 'tok-1', code: 'OTP_SENT' } }),
  'POST /api/otp/verify': () => ({ body: { code: 'OTP_CODE_VALID', message: 'OK' } }),
});

function setup({ isOtpOn = false, isLaoVariant = false, routes = {} as Routes } = {}) {
  const calls = mockApi({ ...baseRoutes(isOtpOn), ...routes });
  const onRegistered = vi.fn();
  renderWithProviders(
    <RegisterWizard inviteCode="PR42" isLaoVariant={isLaoVariant} onExit={vi.fn()} onRegistered={onRegistered} />,
  );
  return { calls, onRegistered };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const step = () => screen.getByTestId('register-wizard').getAttribute('data-step');
const called = (calls: MockCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

async function submitPhone(phone: string) {
  await userEvent.type(screen.getByLabelText('Phone number'), phone);
  await waitFor(() => expect(continueButton()).toBeEnabled());
  await userEvent.click(continueButton());
}

async function fillProfile(password = 'secret1', confirm = 'secret1') {
  await userEvent.type(screen.getByLabelText('Display name'), 'Somchai');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(continueButton());
}

describe('RegisterWizard', () => {
  beforeEach(() => i18next.changeLanguage('en'));
  afterEach(async () => {
    vi.restoreAllMocks();
    sessionStorage.clear();
    await i18next.changeLanguage('th');
  });

  it('goes from phone straight to profile when the OTP setting is off', async () => {
    const { calls } = setup({ isOtpOn: false });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('profile'));
    expect(called(calls, 'POST', '/api/otp/send')).toHaveLength(0);
    expect(screen.getAllByRole('listitem').filter((li) => li.textContent === 'Verify')).toHaveLength(0);
  });

  it("the phone's back steps back through the wizard, and the back button goes through the same entry", async () => {
    setup({ isOtpOn: false });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('profile'));
    await fillProfile();
    await waitFor(() => expect(step()).toBe('bank'));
    act(() => window.history.back());
    await waitFor(() => expect(step()).toBe('profile'));
    await userEvent.click(screen.getByTestId('register-back'));
    await waitFor(() => expect(step()).toBe('phone'));
  });

  it('sends, shows the reference and verifies the OTP when the setting is on', async () => {
    const { calls } = setup({ isOtpOn: true });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('otp'));
    expect(called(calls, 'POST', '/api/otp/send')[0]?.body).toEqual({ phoneNumber: '0812345678' });
    expect(screen.getByTestId('otp-ref')).toHaveTextContent('ABCD');
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent(/Resend in (60|59) s/);
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(step()).toBe('profile'));
    expect(called(calls, 'POST', '/api/otp/verify')[0]?.body).toEqual({ otpToken: 'tok-1', otpCode: '123456' });
  });

  it('skips the OTP step when sending answers OTP_VERIFIED', async () => {
    setup({
      isOtpOn: true,
      routes: { 'POST /api/otp/send': () => ({ body: { otpRef: '', otpToken: '', code: 'OTP_VERIFIED' } }) },
    });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('profile'));
  });

  it('requires 10 digits outside the Lao variant', async () => {
    setup();
    await submitPhone('081234567');
    expect(await screen.findByText('The phone number must support 10 digits')).toBeInTheDocument();
    expect(step()).toBe('phone');
  });

  it('has no 10-digit rule in the Lao variant and sends a currency', async () => {
    const { calls } = setup({ isLaoVariant: true });
    await submitPhone('02012345678');
    await waitFor(() => expect(step()).toBe('profile'));
    await fillProfile();
    await waitFor(() => expect(step()).toBe('bank'));
    await userEvent.click(screen.getByTestId('currency-BAHT'));
    await userEvent.selectOptions(screen.getByLabelText('Bank'), 'SCB');
    await userEvent.type(screen.getByLabelText('Account number'), '1234567890');
    await userEvent.type(screen.getByLabelText('First name'), 'noy');
    await userEvent.type(screen.getByLabelText('Last name'), 'sok');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(called(calls, 'POST', '/api/account')).toHaveLength(1));
    expect(called(calls, 'POST', '/api/account')[0]?.body).toMatchObject({
      username: '02012345678',
      currency: 'BAHT',
      bankAccountName: 'NOY SOK',
    });
  });

  it('says "Passwords don\'t match" and does not call the server', async () => {
    const { calls } = setup();
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('profile'));
    await fillProfile('secret1', 'secret2');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(called(calls, 'POST', '/api/account/validate')).toHaveLength(0);
  });

  it('validates step 3 with the server and shows its error as a toast', async () => {
    setup({ routes: { 'POST /api/account/validate': () => ({ status: 409, body: { message: 'EXISTING_USER' } }) } });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('profile'));
    await fillProfile();
    expect(await screen.findByText(i18next.t('EXISTING_USER', { ns: 'errors' }))).toBeInTheDocument();
    expect(step()).toBe('profile');
  });

  it('stops silently on missing bank fields, enforces English names for KTB, then registers and redirects', async () => {
    const { calls, onRegistered } = setup();
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('profile'));
    expect(screen.getByLabelText('Inviter code')).toHaveValue('PR42');
    await fillProfile();
    await waitFor(() => expect(step()).toBe('bank'));
    expect(screen.queryByTestId('currency-LAK')).toBeNull();
    // KBANK and KTB are marked recommended and listed first, named in the interface language
    const options = Array.from((screen.getByLabelText('Bank') as HTMLSelectElement).options).map((o) => o.text);
    expect(options.slice(1, 4)).toEqual([
      'Kasikornbank · Recommended',
      'Krungthai Bank · Recommended',
      'Siam Commercial Bank',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Bank')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('bank-name-error')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Bank'), 'KTB');
    await userEvent.type(screen.getByLabelText('Account number'), '123-456-7890');
    await userEvent.type(screen.getByLabelText('First name'), 'สมชาย');
    await userEvent.type(screen.getByLabelText('Last name'), 'jaidee');
    expect(screen.getByLabelText('Last name')).toHaveValue('JAIDEE');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByTestId('bank-name-error')).toHaveTextContent('Bank account name must be in English only');
    expect(called(calls, 'POST', '/api/account')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'somchai');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('register-success')).toBeInTheDocument();
    expect(called(calls, 'POST', '/api/account')[0]?.body).toEqual({
      name: 'Somchai',
      username: '0812345678',
      password: 'secret1',
      sourceCode: '',
      inviteCode: 'PR42',
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
    });
    expect(onRegistered).not.toHaveBeenCalled();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('0812345678'));
  });

  it('keeps the ticket the verify call handed out and sends it with every registration call (ASVS 6.6.2)', async () => {
    const { calls } = setup({
      isOtpOn: true,
      routes: {
        'POST /api/otp/verify': () => ({ body: { code: 'OTP_CODE_VALID', message: 'OK', otpTicket: 'ticket-1' } }),
      },
    });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('otp'));
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(step()).toBe('profile'));
    expect(sessionStorage.getItem('otpTicket')).toContain('ticket-1');
    await fillProfile();
    await waitFor(() => expect(step()).toBe('bank'));
    expect(called(calls, 'POST', '/api/account/validate')[0]?.body).toMatchObject({ otpTicket: 'ticket-1' });
    await userEvent.selectOptions(screen.getByLabelText('Bank'), 'SCB');
    await userEvent.type(screen.getByLabelText('Account number'), '1234567890');
    await userEvent.type(screen.getByLabelText('First name'), 'somchai');
    await userEvent.type(screen.getByLabelText('Last name'), 'jaidee');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(called(calls, 'POST', '/api/account')).toHaveLength(1));
    expect(called(calls, 'POST', '/api/account')[0]?.body).toMatchObject({ otpTicket: 'ticket-1' });
    // spent: the tab forgets it
    expect(sessionStorage.getItem('otpTicket')).toBeNull();
  }, 20_000);

  it('sends a stored ticket with otp/send, so the server can answer OTP_VERIFIED and the step is skipped', async () => {
    sessionStorage.setItem(
      'otpTicket',
      JSON.stringify({ phone: '0812345678', ticket: 'ticket-2', expiresAt: Date.now() + 60_000 }),
    );
    const { calls } = setup({
      isOtpOn: true,
      routes: { 'POST /api/otp/send': () => ({ body: { otpRef: 'WXYZ', otpToken: '', code: 'OTP_VERIFIED' } }) },
    });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('profile'));
    expect(called(calls, 'POST', '/api/otp/send')[0]?.body).toEqual({
      phoneNumber: '0812345678',
      otpTicket: 'ticket-2',
    });
  });

  it('does not send an expired ticket or one for another phone', async () => {
    sessionStorage.setItem(
      'otpTicket',
      JSON.stringify({ phone: '0812345678', ticket: 'old', expiresAt: Date.now() - 1 }),
    );
    const { calls } = setup({ isOtpOn: true });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('otp'));
    expect(called(calls, 'POST', '/api/otp/send')[0]?.body).toEqual({ phoneNumber: '0812345678' });
  });

  it('a reload keeps the steps and the OTP (not the password) for the tab session', async () => {
    const routes: Routes = {
      'POST /api/otp/verify': () => ({ body: { code: 'OTP_CODE_VALID', message: 'OK', otpTicket: 'ticket-3' } }),
    };
    const { calls } = setup({ isOtpOn: true, routes });
    await submitPhone('0812345678');
    await waitFor(() => expect(step()).toBe('otp'));
    // reload on the OTP step: the same code is still good, no second SMS
    cleanup();
    const reloaded = setup({ isOtpOn: true, routes });
    await waitFor(() => expect(step()).toBe('otp'));
    expect(screen.getByTestId('otp-ref')).toHaveTextContent('ABCD');
    expect(called(calls, 'POST', '/api/otp/send')).toHaveLength(1);
    expect(called(reloaded.calls, 'POST', '/api/otp/send')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(step()).toBe('profile'));
    await userEvent.type(screen.getByLabelText('Display name'), 'Somchai');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    expect(sessionStorage.getItem('registerDraft')).toContain('Somchai');
    expect(sessionStorage.getItem('registerDraft')).not.toContain('secret1');

    // reload on the profile step: the name is kept, the password is typed again, the ticket still counts
    cleanup();
    const after = setup({ isOtpOn: true });
    await waitFor(() => expect(step()).toBe('profile'));
    expect(screen.getByLabelText('Display name')).toHaveValue('Somchai');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(continueButton());
    await waitFor(() => expect(step()).toBe('bank'));
    expect(called(after.calls, 'POST', '/api/account/validate')[0]?.body).toMatchObject({
      name: 'Somchai',
      otpTicket: 'ticket-3',
    });
    await userEvent.type(screen.getByLabelText('Account number'), '1234567890');

    // reload on the bank step: back to the profile step for the password, the bank fields kept
    cleanup();
    setup({ isOtpOn: true });
    await waitFor(() => expect(step()).toBe('profile'));
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(continueButton());
    await waitFor(() => expect(step()).toBe('bank'));
    expect(screen.getByLabelText('Account number')).toHaveValue('1234567890');
  }, 20_000);
});
