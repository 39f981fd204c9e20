import type { z } from 'zod';
import { currentRequest } from '../../observability/request-context.ts';
import {
  BalanceSchema,
  BetsSchema,
  RangeBetsSchema,
  WinLossSchema,
  CancelAnswerSchema,
  LaunchSchema,
  OkSchema,
  RefusalSchema,
  TransferStatusSchema,
  TransferSuccessSchema,
  signPayload,
} from './game-wire.ts';
import {
  ProviderRejectedError,
  ProviderUnknownError,
  type BetRecord,
  type PlayerWinLoss,
  type CancelOutcome,
  type GameProvider,
  type BalanceReading,
  type TransferOutcome,
  type TransferStatus,
} from './game-provider.ts';

/** The part of `fetch` the adapter uses; tests and in-process setups may pass their own. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export type HttpGameProviderOptions = {
  game: string;
  /** the game's root, e.g. `http://localhost:3000/sandbox/games/pg` */
  baseUrl: string;
  /** shared secret of the HMAC signature */
  secret: string;
  /** `x-agent` header (default `wallet`) */
  agent?: string;
  /** per call, covering connect, answer and body (default 5 s) */
  timeoutMs?: number;
  fetch?: FetchLike;
};

const DEFAULT_GAME_TIMEOUT_MS = 5000;

type Answer = { status: number; json: unknown };

/** 408 and 429 say nothing definite about the request; every other 4xx with a refusal body does. */
const isDefiniteRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * GameProvider over the signed transfer-wallet protocol. Outcomes (docs/design.md §3): 2xx SUCCESS → ok; a 4xx
 * with a FAILED body → failed; a timeout, network error, 5xx or unreadable answer → ProviderUnknownError.
 * The adapter never retries: the caller keeps the transfer pending and the reconciler asks transferStatus (and,
 * before giving a transfer up, cancelTransfer).
 */
export class HttpGameProvider implements GameProvider {
  readonly game: string;
  private readonly baseUrl: string;
  private readonly secret: string;
  private readonly agent: string;
  private readonly timeoutMs: number;
  private readonly fetch: FetchLike;

  constructor(options: HttpGameProviderOptions) {
    this.game = options.game;
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.secret = options.secret;
    this.agent = options.agent ?? 'wallet';
    this.timeoutMs = options.timeoutMs ?? DEFAULT_GAME_TIMEOUT_MS;
    this.fetch = options.fetch ?? (globalThis.fetch as FetchLike);
  }

  async createPlayer(username: string, password: string): Promise<void> {
    this.expect(OkSchema, 'createPlayer', await this.call('createPlayer', 'POST', 'players', { username, password }));
  }

  async changePassword(username: string, password: string): Promise<void> {
    this.expect(
      OkSchema,
      'changePassword',
      await this.call('changePassword', 'POST', `players/${enc(username)}/password`, { password }),
    );
  }

  deposit(username: string, amount: bigint, transferId: string): Promise<TransferOutcome> {
    return this.transfer('deposit', username, amount, transferId);
  }

  withdraw(username: string, amount: bigint, transferId: string): Promise<TransferOutcome> {
    return this.transfer('withdraw', username, amount, transferId);
  }

  async balance(username: string): Promise<BalanceReading> {
    const answer = this.expect(
      BalanceSchema,
      'balance',
      await this.call('balance', 'GET', `players/${enc(username)}/balance`),
    );
    return {
      balance: answer.balance,
      ...(answer.balanceVersion === undefined ? {} : { version: answer.balanceVersion }),
    };
  }

  async transferStatus(transferId: string): Promise<TransferStatus> {
    let answer: Answer;
    try {
      answer = await this.call('transferStatus', 'GET', `transfers/${enc(transferId)}`);
    } catch (err) {
      if (err instanceof ProviderUnknownError) return { kind: 'unknown' };
      throw err;
    }
    if (answer.status !== 200) return { kind: 'unknown' };
    const parsed = TransferStatusSchema.safeParse(answer.json);
    if (!parsed.success || parsed.data.transferId !== transferId) return { kind: 'unknown' };
    const data = parsed.data;
    // a tombstoned id was never applied: for the status question that is not_found (the reconciler then cancels,
    // which the provider answers CANCELLED again, idempotently)
    if (data.status === 'NOT_FOUND' || data.status === 'CANCELLED') return { kind: 'not_found' };
    return { kind: 'success', providerRef: data.refId, direction: data.direction, amount: data.amount };
  }

  /**
   * POST transfers/:id/cancel. Only a 2xx answer about this id is definite: CANCELLED → cancelled (the provider
   * refuses the id from now on), SUCCESS → already_applied. Anything else (a refusal, 5xx, timeout, unreadable)
   * throws ProviderUnknownError: the caller keeps the transfer pending and asks again later.
   */
  async cancelTransfer(transferId: string): Promise<CancelOutcome> {
    const answer = await this.call('cancel', 'POST', `transfers/${enc(transferId)}/cancel`, {});
    if (answer.status < 200 || answer.status >= 300) throw this.unknown('cancel', `HTTP ${answer.status}`);
    const parsed = CancelAnswerSchema.safeParse(answer.json);
    if (!parsed.success) throw this.unknown('cancel', `unreadable answer (HTTP ${answer.status})`);
    const data = parsed.data;
    if (data.transferId !== transferId) throw this.unknown('cancel', 'answer about another transfer id');
    if (data.status === 'CANCELLED') return { kind: 'cancelled' };
    return { kind: 'already_applied', providerRef: data.refId, direction: data.direction, amount: data.amount };
  }

  async launchUrl(username: string, options: { mobile: boolean; exitUrl: string }): Promise<string> {
    const answer = await this.call('launch', 'POST', `players/${enc(username)}/launch`, {
      mobile: options.mobile,
      exitUrl: options.exitUrl,
    });
    return this.expect(LaunchSchema, 'launch', answer).url;
  }

  async betHistory(username: string, since: Date): Promise<BetRecord[]> {
    const answer = await this.call('bets', 'GET', `players/${enc(username)}/bets?since=${enc(since.toISOString())}`);
    return this.expect(BetsSchema, 'bets', answer).map((b) => ({ ...b, playerUsername: username }));
  }

  async betsBetween(from: Date, to: Date): Promise<BetRecord[]> {
    const range = `from=${enc(from.toISOString())}&to=${enc(to.toISOString())}`;
    const answer = await this.call('bets', 'GET', `bets?${range}`);
    return this.expect(RangeBetsSchema, 'bets', answer).map(({ username, ...b }) => ({
      ...b,
      playerUsername: username,
    }));
  }

  async dailyWinLoss(day: string): Promise<PlayerWinLoss[]> {
    const answer = await this.call('winloss', 'GET', `winloss?date=${enc(day)}`);
    return this.expect(WinLossSchema, 'winloss', answer).players.map(({ username, ...p }) => ({
      ...p,
      playerUsername: username,
    }));
  }

  private async transfer(
    direction: 'deposit' | 'withdraw',
    username: string,
    amount: bigint,
    transferId: string,
  ): Promise<TransferOutcome> {
    const answer = await this.call(direction, 'POST', `transfers/${direction}`, {
      username,
      amount: amount.toString(),
      transferId,
    });
    if (answer.status >= 200 && answer.status < 300) {
      const ok = TransferSuccessSchema.safeParse(answer.json);
      if (!ok.success) throw this.unknown(direction, `unreadable success answer (HTTP ${answer.status})`);
      const { refId, balanceAfter, balanceVersion } = ok.data;
      return {
        kind: 'ok',
        providerRef: refId,
        balanceAfter,
        ...(balanceVersion === undefined ? {} : { balanceVersion }),
      };
    }
    const refusal = RefusalSchema.safeParse(answer.json);
    if (isDefiniteRefusal(answer.status) && refusal.success) {
      return { kind: 'failed', reason: refusal.data.code ?? refusal.data.status };
    }
    throw this.unknown(direction, `HTTP ${answer.status}`);
  }

  /** A non-transfer call: 2xx must match `schema`; a definite 4xx refusal throws ProviderRejectedError. */
  private expect<T extends z.ZodType>(schema: T, op: string, answer: Answer): z.infer<T> {
    if (answer.status >= 200 && answer.status < 300) {
      const parsed = schema.safeParse(answer.json);
      if (parsed.success) return parsed.data;
      throw this.unknown(op, `unreadable answer (HTTP ${answer.status})`);
    }
    const refusal = RefusalSchema.safeParse(answer.json);
    if (isDefiniteRefusal(answer.status) && refusal.success) {
      const code = refusal.data.code ?? refusal.data.status;
      throw new ProviderRejectedError(`${this.game} ${op}: ${code}`, code);
    }
    throw this.unknown(op, `HTTP ${answer.status}`);
  }

  /** One signed request; network failures and the timeout become ProviderUnknownError. */
  private async call(
    op: string,
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<Answer> {
    const url = new URL(`${this.baseUrl}/${path}`);
    const raw = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-agent': this.agent,
      'x-signature': signPayload(this.secret, raw ?? url.pathname + url.search),
    };
    if (raw !== undefined) headers['content-type'] = 'application/json';
    // the member's request id follows the money move into the provider's logs and ours
    const request = currentRequest();
    if (request) headers['x-request-id'] = request.requestId;
    const started = performance.now();
    try {
      const response = await this.fetch(url.href, {
        method,
        headers,
        ...(raw === undefined ? {} : { body: raw }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      request?.log.info(
        { provider: this.game, op, status: response.status, ms: Math.round(performance.now() - started) },
        'provider call',
      );
      return { status: response.status, json: parseJson(text) };
    } catch (err) {
      const reason =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `timeout after ${this.timeoutMs} ms`
          : 'network error';
      request?.log.warn({ provider: this.game, op, reason }, 'provider call failed');
      throw this.unknown(op, reason);
    }
  }

  private unknown(op: string, reason: string): ProviderUnknownError {
    return new ProviderUnknownError(`${this.game} ${op}: ${reason}`);
  }
}

const enc = encodeURIComponent;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
