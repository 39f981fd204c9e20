import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@wallet/contract/account';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ProfileRoute } from './profile.tsx';
import i18next from '../../../lib/i18n.ts';
import { mockApi, renderWithProviders, type MockCall } from '../../../testing/mock-api.tsx';

const PROFILE: Profile = {
  _id: 'm-1001',
  name: 'Somchai',
  username: '0812345678',
  createdAt: '2024-05-01T03:04:05.000Z',
  coin: 0,
  currency: 'THB',
  bankCode: 'KBANK',
  bankAccountName: 'สมชาย ใจดี',
  bankAccountNo: '0481234567',
  bank: { nameTH: 'ธนาคารกสิกรไทย' },
};

const called = (calls: MockCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

describe('/user/profile', () => {
  beforeEach(() => i18next.changeLanguage('en'));
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18next.changeLanguage('th');
  });

  it('shows the details with the account number as 3-3-4', async () => {
    mockApi({
      'GET /api/account/profile': () => ({ body: PROFILE }),
      'GET /api/lookup/banks': () => ({
        body: [{ code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' }],
      }),
    });
    renderWithProviders(<ProfileRoute />);
    expect(await screen.findByTestId('profile-bank-account-no')).toHaveTextContent('048-123-4567');
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Somchai');
    expect(screen.getByTestId('profile-id')).toHaveTextContent('m-1001');
    expect(screen.getByTestId('profile-username')).toHaveTextContent('0812345678');
    // the bank in the interface language (no Thai on an English screen)
    await waitFor(() => expect(screen.getByTestId('profile-bank-name')).toHaveTextContent('Kasikornbank'));
    expect(screen.getByText('01/05/2024 10:04:05')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows other account numbers as stored', async () => {
    mockApi({ 'GET /api/account/profile': () => ({ body: { ...PROFILE, bankAccountNo: '020123456789' } }) });
    renderWithProviders(<ProfileRoute />);
    expect(await screen.findByTestId('profile-bank-account-no')).toHaveTextContent('020123456789');
  });

  it('changes the password: silent when empty, mismatch message, error dialog, then saved', async () => {
    let answer: { status?: number; body: unknown } = { status: 400, body: { message: 'WRONG_PASSWORD' } };
    const calls = mockApi({
      'GET /api/account/profile': () => ({ body: PROFILE }),
      'PUT /api/account/changepwd': () => answer,
    });
    renderWithProviders(<ProfileRoute />);
    await userEvent.click(await screen.findByTestId('change-password'));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    const submit = within(dialog).getByRole('button', { name: 'Save new password' });

    await userEvent.type(within(dialog).getByLabelText('Current password'), 'old-pass');
    await userEvent.click(submit);
    expect(called(calls, 'PUT', '/api/account/changepwd')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('New password'), 'new-pass');
    await userEvent.type(within(dialog).getByLabelText('Confirm new password'), 'new-pazz');
    await userEvent.click(submit);
    expect(within(dialog).getByText('The new password and its confirmation do not match')).toBeInTheDocument();
    expect(called(calls, 'PUT', '/api/account/changepwd')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Confirm new password'));
    await userEvent.type(within(dialog).getByLabelText('Confirm new password'), 'new-pass');
    await userEvent.click(submit);
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent(i18next.t('WRONG_PASSWORD', { ns: 'errors' }));
    expect(called(calls, 'PUT', '/api/account/changepwd')[0]?.body).toEqual({
      oldPassword: 'old-pass',
      newPassword: 'new-pass',
    });
    await userEvent.click(within(alert).getByRole('button'));

    answer = { body: { message: 'SUCCESS' } };
    await userEvent.click(submit);
    expect(await screen.findByText('Saved. Your password has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull());
  });

  it('asks KTB members with a Thai name for the English name and saves it', async () => {
    const calls = mockApi({
      'GET /api/account/profile': () => ({ body: { ...PROFILE, bankCode: 'KTB', bank: { nameTH: 'ธนาคารกรุงไทย' } } }),
      'PUT /api/account/bankAccountName': () => ({ body: { message: 'SUCCESS' } }),
    });
    renderWithProviders(<ProfileRoute />);
    const dialog = await screen.findByRole('dialog', { name: 'Account name in English' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText('Please enter the account name')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Account name (A–Z)'), 'somchai jaidee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(called(calls, 'PUT', '/api/account/bankAccountName')[0]?.body).toEqual({
        bankCode: 'KTB',
        bankAccountName: 'SOMCHAI JAIDEE',
      }),
    );
  });

  it('walks through a bank account change: new account, code to the phone, save; shows the cooling period', async () => {
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    const calls = mockApi({
      'GET /api/account/profile': () => ({ body: PROFILE }),
      'GET /api/lookup/banks': () => ({
        body: [
          { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' },
          { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', nameLA: 'ທະນາຄານໄທພານິດ' },
        ],
      }),
      'POST /api/account/profile/otp': () => ({ body: { otpRef: 'QWER', otpToken: 'step-tok', code: 'OTP_SENT' } }),
      'PUT /api/account/profile': (c) =>
        (c.body as { otpCode: string }).otpCode === '111111'
          ? { status: 400, body: { message: 'OTP_CODE_INVALID' } }
          : { body: { ...PROFILE, bankCode: 'SCB', bankAccountNo: '1112223334', payoutCoolingUntil: until } },
    });
    renderWithProviders(<ProfileRoute />);
    await userEvent.click(await screen.findByTestId('change-bank-account'));
    const dialog = await screen.findByRole('dialog');
    // same account: nothing is sent
    await userEvent.click(within(dialog).getByTestId('bank-change-submit'));
    expect(within(dialog).getByTestId('bank-change-error')).toHaveTextContent(
      'Please fill in the bank, account number and account name',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Siam Commercial Bank' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Bank'), 'SCB');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '1112223334');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/Enter the code we sent to 0812345678/)).toBeInTheDocument();
    expect(within(dialog).getByText('QWER')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Verification code'), '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    expect(await within(dialog).findByTestId('bank-change-error')).toHaveTextContent('Incorrect OTP code.');
    await userEvent.clear(within(dialog).getByLabelText('Verification code'));
    await userEvent.type(within(dialog).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(called(calls, 'PUT', '/api/account/profile').at(-1)?.body).toEqual({
      bankCode: 'SCB',
      bankAccountNo: '1112223334',
      bankAccountName: 'สมชาย ใจดี',
      otpToken: 'step-tok',
      otpCode: '123456',
    });
    expect(await screen.findByTestId('payout-cooling')).toHaveTextContent('Withdrawals are paused until');
    expect(screen.getByTestId('profile-bank-account-no')).toHaveTextContent('111-222-3334');
  }, 20_000);
});
