import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { LoginForm } from './login-form.tsx';

describe('LoginForm', () => {
  beforeEach(async () => {
    await i18next.changeLanguage('en');
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18next.changeLanguage('th');
  });

  it('does nothing while a field is empty', async () => {
    const calls = mockApi({});
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await userEvent.type(screen.getByLabelText('Phone number'), '0812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows the translated server error inline and clears it on typing', async () => {
    mockApi({ 'POST /api/login': () => ({ status: 401, body: { message: 'WRONG_CREDENTIAL' } }) });
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Phone number'), '0812345678');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const error = await screen.findByTestId('login-error');
    expect(error).toHaveTextContent(i18next.t('WRONG_CREDENTIAL', { ns: 'errors' }));
    expect(error.textContent).not.toBe('');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('keeps only digits in the phone field and stores the token by remember-me', async () => {
    const calls = mockApi({ 'POST /api/login': () => ({ body: { token: 'tok', refreshToken: 'sid.secret' } }) });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(phone, '08-1234 5678');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    // remember me off: a 12-hour session, tokens only for this tab
    expect(calls[0]?.body).toEqual({ username: '0812345678', password: 'secret', remember: false });
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(sessionStorage.getItem('refreshToken')).toBe('sid.secret');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
