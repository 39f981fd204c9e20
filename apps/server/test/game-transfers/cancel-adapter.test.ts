import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderUnknownError } from '../../src/providers/games/game-provider.ts';
import { signPayload } from '../../src/providers/games/game-wire.ts';
import { HttpGameProvider, type FetchLike } from '../../src/providers/games/http-game-provider.ts';
import { startGameSandbox, type GameSandbox } from '../helpers/game-sandbox.ts';

/** HttpGameProvider.cancelTransfer: the wire call and how every answer maps (definite or ProviderUnknownError). */
const TIMEOUT_MS = 300; // only where the timeout is the point; answered calls get a roomy one (loaded CI)
let sandbox: GameSandbox;
let pg: HttpGameProvider;
let pgFast: HttpGameProvider;

beforeAll(async () => {
  sandbox = await startGameSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.store.reset();
  sandbox.store.createPlayer('pg', 'agt_alice', 'secret-1');
  const options = { game: 'pg', baseUrl: `${sandbox.baseUrl}/pg`, secret: sandbox.secret };
  pg = new HttpGameProvider({ ...options, timeoutMs: 10_000 });
  pgFast = new HttpGameProvider({ ...options, timeoutMs: TIMEOUT_MS });
});
afterEach(() => sandbox.clearFaults());

const balanceAtProvider = () => sandbox.store.player('pg', 'agt_alice')?.balance;

/** An adapter whose transport answers `status` + `text` whatever is asked, recording what was sent. */
function stubbed(status: number, text: string) {
  const sent: Array<{ url: string; method: string; headers: Record<string, string>; body?: string }> = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      url,
      method: init.method,
      headers: init.headers,
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    return { status, text: async () => text };
  };
  const provider = new HttpGameProvider({
    game: 'pg',
    baseUrl: 'http://provider.invalid/sandbox/games/pg',
    secret: 's'.repeat(24),
    fetch,
  });
  return { provider, sent };
}

describe('cancelTransfer against the sandbox', () => {
  it('maps an applied id to already_applied with what the provider applied', async () => {
    const deposit = await pg.deposit('agt_alice', 2_500n, 'CA-1');
    expect(deposit.kind).toBe('ok');
    const outcome = await pg.cancelTransfer('CA-1');
    expect(outcome).toEqual({
      kind: 'already_applied',
      providerRef: deposit.kind === 'ok' ? deposit.providerRef : '',
      direction: 'deposit',
      amount: 2_500n,
    });
    expect(await pg.withdraw('agt_alice', 1_000n, 'CA-1W')).toMatchObject({ kind: 'ok' });
    expect(await pg.cancelTransfer('CA-1W')).toMatchObject({
      kind: 'already_applied',
      direction: 'withdraw',
      amount: 1_000n,
    });
    expect(balanceAtProvider()).toBe(1_500n);
  });

  it('maps a tombstone to cancelled, idempotently; the id is then refused and reads as not_found', async () => {
    expect(await pg.cancelTransfer('CA-2')).toEqual({ kind: 'cancelled' });
    expect(await pg.cancelTransfer('CA-2')).toEqual({ kind: 'cancelled' });
    // a late deposit with the id is a definite refusal, nothing applied
    expect(await pg.deposit('agt_alice', 100n, 'CA-2')).toEqual({ kind: 'failed', reason: 'TRANSFER_CANCELLED' });
    expect(balanceAtProvider()).toBe(0n);
    // GET answers CANCELLED, which the adapter reports as not_found (never applied)
    expect(await pg.transferStatus('CA-2')).toEqual({ kind: 'not_found' });
    expect(sandbox.log({ transferId: 'CA-2' }).map((e) => e.op)).toEqual([
      'cancel',
      'cancel',
      'deposit',
      'transferStatus',
    ]);
  });

  it('throws ProviderUnknownError on a timeout, and the sandbox did not tombstone', async () => {
    sandbox.setFault({ mode: 'timeout', ops: ['cancel'], times: 1 });
    const error = await pgFast.cancelTransfer('CA-3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnknownError);
    expect((error as Error).message).toMatch(/cancel: timeout after 300 ms/);
    expect(sandbox.store.isCancelled('pg', 'CA-3')).toBe(false);
    expect(await pg.cancelTransfer('CA-3')).toEqual({ kind: 'cancelled' });
  });

  it('throws ProviderUnknownError on a 5xx, a refusal, or when the provider cannot be reached', async () => {
    sandbox.setFault({ mode: 'unknown-status', ops: ['cancel'], times: 1 });
    await expect(pg.cancelTransfer('CA-4')).rejects.toThrow(/cancel: HTTP 503/);
    sandbox.setFault({ mode: 'fail', ops: ['cancel'], times: 1 });
    await expect(pg.cancelTransfer('CA-4')).rejects.toThrow(/cancel: HTTP 400/);
    expect(sandbox.store.isCancelled('pg', 'CA-4')).toBe(false);

    const closed = await startGameSandbox();
    const baseUrl = `${closed.baseUrl}/pg`;
    await closed.close();
    const offline = new HttpGameProvider({ game: 'pg', baseUrl, secret: sandbox.secret, timeoutMs: TIMEOUT_MS });
    await expect(offline.cancelTransfer('CA-4')).rejects.toBeInstanceOf(ProviderUnknownError);
  });
});

describe('cancelTransfer wire mapping', () => {
  it('POSTs a signed {} to transfers/:id/cancel', async () => {
    const { provider, sent } = stubbed(200, '{"status":"CANCELLED","transferId":"W-1"}');
    expect(await provider.cancelTransfer('W-1')).toEqual({ kind: 'cancelled' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: 'http://provider.invalid/sandbox/games/pg/transfers/W-1/cancel',
      method: 'POST',
      body: '{}',
      headers: {
        'x-agent': 'wallet',
        'x-signature': signPayload('s'.repeat(24), '{}'),
        'content-type': 'application/json',
      },
    });
  });

  it('maps SUCCESS to already_applied', async () => {
    const text = JSON.stringify({
      status: 'SUCCESS',
      transferId: 'W-2',
      username: 'agt_alice',
      direction: 'withdraw',
      amount: '700',
      refId: 'REF9',
      balanceBefore: '1000',
      balanceAfter: '300',
    });
    expect(await stubbed(200, text).provider.cancelTransfer('W-2')).toEqual({
      kind: 'already_applied',
      providerRef: 'REF9',
      direction: 'withdraw',
      amount: 700n,
    });
  });

  it('treats anything else as unknown: 5xx, 4xx refusals, other ids, other statuses, unreadable bodies', async () => {
    const cases: Array<[number, string]> = [
      [500, '{"status":"CANCELLED","transferId":"W-3"}'],
      [503, 'busy'],
      [504, '{"status":"TIMEOUT"}'],
      [404, '{"status":"FAILED","code":"NOT_FOUND"}'],
      [409, '{"status":"FAILED","code":"TRANSFER_CANCELLED"}'],
      [429, '{"status":"FAILED","code":"RATE"}'],
      [200, '<html>ok</html>'],
      [200, '{}'],
      [200, '{"status":"CANCELLED"}'],
      [200, '{"status":"CANCELLED","transferId":"OTHER"}'],
      [200, '{"status":"NOT_FOUND","transferId":"W-3"}'],
      [200, '{"status":"PENDING","transferId":"W-3"}'],
      [200, '{"status":"FAILED","transferId":"W-3"}'],
      [200, '{"status":"SUCCESS","transferId":"W-3"}'],
      [200, '{"status":"SUCCESS","transferId":"W-3","refId":"R","direction":"deposit","amount":"-5"}'],
      [200, '{"status":"SUCCESS","transferId":"W-3","refId":"R","direction":"sideways","amount":"5"}'],
      [200, '{"status":"SUCCESS","transferId":"OTHER","refId":"R","direction":"deposit","amount":"5"}'],
    ];
    for (const [status, text] of cases) {
      await expect(stubbed(status, text).provider.cancelTransfer('W-3'), `${status} ${text}`).rejects.toBeInstanceOf(
        ProviderUnknownError,
      );
    }
  });

  it('reads a CANCELLED status answer as not_found, and a CANCELLED about another id as unknown', async () => {
    expect(await stubbed(200, '{"status":"CANCELLED","transferId":"W-4"}').provider.transferStatus('W-4')).toEqual({
      kind: 'not_found',
    });
    expect(await stubbed(200, '{"status":"CANCELLED","transferId":"W-5"}').provider.transferStatus('W-4')).toEqual({
      kind: 'unknown',
    });
  });
});
