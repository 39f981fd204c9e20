import { adminApi } from '@wallet/contract/admin/admin-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCall } from '../lib/api.ts';
import { Layout } from './layout.tsx';
import { SignIn } from './sign-in.tsx';

/**
 * The console's session (docs/decisions/0021): sign-in messages in th and en, `next=` after signing in, and a session
 * that ends while a page is open asks to sign in again over the page, keeping what was typed.
 */
type Sent = { method: string; path: string; headers: Record<string, string>; body: unknown };
let sent: Sent[] = [];
let answers: Array<(call: Sent) => [number, unknown] | undefined> = [];

const reply = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const call: Sent = {
      method: init.method ?? 'GET',
      path: new URL(url, 'http://console.test').pathname,
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(call);
    for (const answer of answers) {
      const found = answer(call);
      if (found) return reply(...found);
    }
    if (call.path === adminApi.auth.me.path) return reply(200, { username: 'admin', roles: ['admin'] });
    return reply(404, { message: 'NOT_FOUND' });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  document.cookie = 'wallet-op-csrf=; Path=/; Max-Age=0';
  await i18next.changeLanguage('en');
});

/** What the server's Set-Cookie does for the readable half of the session. */
const signedInAnswer = (call: Sent): [number, unknown] | undefined => {
  if (call.path !== adminApi.auth.login.path) return undefined;
  const body = call.body as { password: string; totp?: string };
  if (body.password !== 'right-password') return [401, { message: 'OPERATOR_CREDENTIAL_WRONG' }];
  document.cookie = 'wallet-op-csrf=proof-1; Path=/';
  return [200, { signedIn: true }];
};

function WorkPage() {
  const [note, setNote] = useState('');
  const [answer, setAnswer] = useState('');
  return (
    <div>
      <label>
        Note
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button
        type="button"
        onClick={() =>
          void adminCall(adminApi.auth.revokeSession, { params: { id: 'SESSION-ID-0001' } }).then(
            () => setAnswer('done'),
            (err: Error) => setAnswer(err.message),
          )
        }
      >
        Save
      </button>
      <p data-testid="answer">{answer}</p>
    </div>
  );
}

function renderConsole(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <SignIn /> },
      { path: '/', element: <Layout />, children: [{ path: 'work', element: <WorkPage /> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

async function fillSignIn(
  user: ReturnType<typeof userEvent.setup>,
  password: string,
  form = screen.getByTestId('sign-in-form'),
) {
  const fields = within(form);
  if (form.querySelector('input[name="username"]'))
    await user.type(form.querySelector('input[name="username"]')!, 'admin');
  await user.type(form.querySelector('input[name="password"]')!, password);
  await user.type(form.querySelector('input[name="totp"]')!, '123456');
  await user.click(fields.getByRole('button', { name: i18next.t('shell:signIn.submit') }));
}

describe('console sign-in', () => {
  it('sends a page without a session to sign in, says why a sign-in failed (th, en), then returns to the page', async () => {
    answers.push(signedInAnswer);
    const { router, user } = renderConsole('/work?tab=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/work?tab=2')}`);

    await fillSignIn(user, 'wrong-password');
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent(
      'The username, password or authenticator code is not right.',
    );
    await i18next.changeLanguage('th');
    await fillSignIn(user, 'wrong-password');
    await waitFor(() =>
      expect(screen.getByTestId('sign-in-error')).toHaveTextContent('ชื่อผู้ใช้ รหัสผ่าน หรือรหัสจากแอปยืนยันตัวตนไม่ถูกต้อง'),
    );
    const login = sent.find((c) => c.path === adminApi.auth.login.path)!;
    expect(login.body).toMatchObject({ username: 'admin', session: 'cookie', totp: '123456' });

    const password = screen.getByTestId('sign-in-form').querySelector('input[name="password"]')!;
    await user.clear(password);
    await fillSignIn(user, 'right-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/work'));
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('says the session ended on /login?expired=1 (en, th)', async () => {
    renderConsole('/login?expired=1');
    expect(screen.getByTestId('session-expired')).toHaveTextContent('Your session ended. Sign in again.');
    await i18next.changeLanguage('th');
    await waitFor(() =>
      expect(screen.getByTestId('session-expired')).toHaveTextContent('เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง'),
    );
  });
});

describe('a session that ends while a page is open', () => {
  it('asks to sign in over the page and keeps what was typed; every change carries the CSRF proof', async () => {
    document.cookie = 'wallet-op-csrf=proof-0; Path=/';
    let isLive = true;
    answers.push((call) =>
      call.path.endsWith('/revoke')
        ? isLive
          ? [200, { message: 'SUCCESS' }]
          : [401, { message: 'invalid-token' }]
        : undefined,
    );
    answers.push(signedInAnswer);
    const { router, user } = renderConsole('/work');
    const note = await screen.findByLabelText('Note');
    await user.type(note, 'half a reply');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('done'));
    expect(sent.find((c) => c.path.endsWith('/revoke'))!.headers['X-CSRF-Token']).toBe('proof-0');

    isLive = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByTestId('session-expired-dialog');
    expect(screen.getByRole('dialog')).toHaveTextContent('Your session ended');
    expect(within(dialog).getByTestId('sign-in-username')).toHaveTextContent('admin');
    expect(router.state.location.pathname).toBe('/work');
    expect(screen.getByLabelText('Note', { selector: 'input' })).toHaveValue('half a reply');

    isLive = true;
    await fillSignIn(user, 'right-password', within(dialog).getByTestId('sign-in-form'));
    await waitFor(() => expect(screen.queryByTestId('session-expired-dialog')).toBeNull());
    expect(screen.getByLabelText('Note', { selector: 'input' })).toHaveValue('half a reply');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.filter((c) => c.path.endsWith('/revoke')).at(-1)!.headers['X-CSRF-Token']).toBe('proof-1'),
    );
  });
});
