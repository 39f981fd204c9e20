import { eq } from 'drizzle-orm';
import { members } from '../../src/db/schema/account.ts';
import { recordIncoming } from '../../src/modules/deposits/deposits.api.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { get, login, post, register, registration, type Reply } from '../account/account-helpers.ts';
import { deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { adminToken } from '../operators/operator-helpers.ts';

let deposits = 0;

export type Player = { id: number; token: string; username: string; password: string; accountNo: string; ip: string };

/** Register (the OTP setting off) with an optional invite code, log in from `ip`; returns the member. */
export async function join(t: TestApp, ip: string, overrides: Record<string, unknown> = {}): Promise<Player> {
  await t.ctx.settings.set('registerOTP', false);
  const body = registration(overrides);
  const res = await register(t, body);
  if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res)}`);
  await deliverOutbox(t);
  const session = await login(t, body.username, body.password, ip);
  if (session.status !== 200) throw new Error(`login: ${JSON.stringify(session)}`);
  const [row] = await t.ctx.db.select({ id: members.id }).from(members).where(eq(members.username, body.username));
  return {
    id: row!.id,
    token: session.body.token as string,
    username: body.username,
    password: body.password,
    accountNo: body.bankAccountNo,
    ip,
  };
}

/** Sign in again (access tokens live minutes: a test that moves the clock a day renews them). */
export async function relogin(t: TestApp, p: Player): Promise<void> {
  const session = await login(t, p.username, p.password, p.ip);
  if (session.status !== 200) throw new Error(`login: ${JSON.stringify(session)}`);
  p.token = session.body.token as string;
}

/** A credited deposit as the deposits module records it (ledger + deposit.credited), delivered to subscribers. */
export async function deposit(t: TestApp, memberId: number, minor: bigint): Promise<void> {
  const ledger = new LedgerService(t.ctx.db);
  const n = ++deposits;
  await ledger.transaction((tx) =>
    recordIncoming(ledger, tx, {
      memberId,
      channel: 'manual',
      reference: `test.${memberId}.${n}`,
      sourceId: null,
      amount: minor,
      currency: 'THB',
      status: 'credited',
      at: t.clock.now(),
    }),
  );
  await deliverOutbox(t);
}

export const wallet = async (t: TestApp, p: Player) => (await get(t, '/api/wallet', { token: p.token })).body;
export const invites = (t: TestApp, p: Player, page = 1): Promise<Reply> =>
  post(t, '/api/invite', { page, limit: 10 }, { token: p.token });
export const receiveInvite = (t: TestApp, p: Player): Promise<Reply> => get(t, '/api/invite/bonus', { token: p.token });

const operators = new WeakMap<TestApp, string>();
/** GET an admin endpoint as the demo operator (admin holds every role). */
export async function adminGet(t: TestApp, url: string): Promise<Reply> {
  const operator = operators.get(t) ?? (await adminToken(t));
  operators.set(t, operator);
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${operator}` } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}
