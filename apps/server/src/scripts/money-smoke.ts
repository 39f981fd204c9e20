/**
 * A money smoke against a running site on the sandbox providers (a staging site, or the drills in scripts/ops/):
 * `npx tsx apps/server/src/scripts/money-smoke.ts http://127.0.0.1:18080 [--rounds N]`. Signs in as the demo member,
 * then per round: a QR deposit paid in the sandbox bank (credited by its signed webhook), a bank-transfer slip from
 * the sandbox bank uploaded and credited (the slip image lands in the uploads store), a game transfer to the first
 * game (or `--game CODE`) and back, a withdrawal. Prints the figures as `name=value` lines and
 * exits 1 on the first failure. The ledger and job checks run after it, on the database (docs/operations.md).
 */
import { randomUUID } from 'node:crypto';
import { DEMO_MEMBER } from '../bootstrap/demo.ts';

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 2;
const gameArg = process.argv.indexOf('--game');
/** the simulators live in each process's memory: on a several-process staging site, one game per process */
const chosenGame = gameArg > 0 ? process.argv[gameArg + 1] : undefined;

type Json = Record<string, unknown>;

async function call(method: string, path: string, token?: string, body?: unknown, key?: string): Promise<Json> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as Json) : {};
}

async function balance(token: string): Promise<number> {
  const wallet = (await call('GET', '/api/wallet', token)) as { wallet: { amount: string | number } };
  return Number(wallet.wallet.amount);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`smoke: ${what} did not happen within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The demo member pays the site's KBANK account from the registered account and uploads the bank's e-slip. */
async function slipDeposit(token: string, amount: number): Promise<void> {
  const transfer = (await call('POST', '/sandbox/bank/transfers', undefined, {
    fromBankCode: 'KBANK',
    fromAccountNo: '0123456789',
    fromNameEn: 'MR DEMO PLAYER',
    toBankCode: 'KBANK',
    toAccountNo: '0481234567',
    amount,
  })) as { slipUrl: string };
  const png = await (await fetch(new URL(transfer.slipUrl, base))).arrayBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${base}/api/wallet/slip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: form,
  });
  const body = (await res.json()) as { status?: string; amount?: unknown };
  if (!res.ok || Number(body.amount) !== amount) {
    throw new Error(`smoke: the slip of ${amount} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const login = (await call('POST', '/api/login', undefined, {
    username: DEMO_MEMBER.username,
    password: DEMO_MEMBER.password,
  })) as { token: string };
  const token = login.token;
  const wallet = (await call('GET', '/api/wallet', token)) as { slots: Array<{ code: string }> };
  const game = chosenGame ?? wallet.slots[0]?.code;
  if (!game) throw new Error('smoke: the site lists no game');
  // a second run finds the game account open already
  await call('GET', `/api/wallet/activate/${game}`, token).catch((err: unknown) => {
    if (!String(err).includes('SLOT_ALREADY_ACTIVE')) throw err;
  });
  const counts = { deposits: 0, slips: 0, transfers: 0, withdrawals: 0 };
  for (let round = 0; round < rounds; round++) {
    const before = await balance(token);
    // a QR left open by an earlier run (perhaps made by another process's simulator) is cancelled first
    const open = (await call('GET', '/api/qrcode/KBANK', token)) as { qrcodeId: string | null; hasQrcode: boolean };
    if (open.hasQrcode && open.qrcodeId) await call('DELETE', `/api/qrcode/${open.qrcodeId}`, token);
    const qr = (await call('POST', '/api/qrcode/KBANK', token, { amount: 100 }, randomUUID())) as { payload?: string };
    if (!qr.payload) throw new Error('smoke: the QR answer has no payload');
    await call('POST', '/sandbox/qr/pay', undefined, { payload: qr.payload });
    await until('the QR deposit credit', async () => ((await balance(token)) >= before + 100 ? true : undefined));
    counts.deposits++;
    await slipDeposit(token, 100 + round);
    counts.slips++;
    for (const [from, to] of [
      ['WALLET', game],
      [game, 'WALLET'],
    ] as const) {
      const moved = (await call('POST', '/api/wallet/transfer', token, { from, to, amount: 50 }, randomUUID())) as {
        status: string;
      };
      if (moved.status !== 'SUCCESS') throw new Error(`smoke: transfer ${from}→${to} is ${moved.status}`);
      counts.transfers++;
    }
    await call('POST', '/api/wallet/withdraw', token, { amount: 100 }, randomUUID());
    counts.withdrawals++;
  }
  console.log(`smoke_game=${game}`);
  console.log(`smoke_deposits=${counts.deposits}`);
  console.log(`smoke_slips=${counts.slips}`);
  console.log(`smoke_transfers=${counts.transfers}`);
  console.log(`smoke_withdrawals=${counts.withdrawals}`);
  console.log(`smoke_balance=${await balance(token)}`);
  console.log(`smoke_seconds=${((Date.now() - started) / 1000).toFixed(1)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
