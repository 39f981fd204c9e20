/**
 * Sandbox game provider: a transfer-wallet API shaped like the Thai aggregators (AMB-style, allmybeef "ext",
 * BetSolutions transfer mode) for the 11 games of SANDBOX_GAMES, plus a playable demo slot. Mount it with a
 * prefix, normally `/sandbox/games`; amounts are integer minor units (satang) sent as decimal strings.
 *
 * Signed provider API, all under `/:game` (e.g. `/sandbox/games/pg`). Every request carries
 *   `x-agent: <agent name>` and `x-signature: hex HMAC-SHA256(secret, payload)` where payload is the raw
 *   request body for POSTs and the path + query exactly as sent for GETs (`/sandbox/games/pg/transfers/T1`).
 *   Missing agent or bad signature → 401 `{status:'FAILED', code:'BAD_SIGNATURE'}`.
 *   POST players {username, password}                  → 201 {status:'SUCCESS', username}; taken → 409 PLAYER_EXISTS
 *   POST players/:username/password {password}         → {status:'SUCCESS', username}
 *   POST transfers/deposit  {username, amount, transferId}
 *   POST transfers/withdraw {username, amount, transferId}
 *        → {status:'SUCCESS', transferId, username, direction, amount, refId, balanceBefore, balanceAfter,
 *        balanceVersion}. `balanceVersion` counts the player's balance changes (transfers, bets): of two answers,
 *        the higher version carries the newer balance, whatever order they arrive in.
 *        Idempotent by transferId: a repeat returns the first result, even with another amount; the same id
 *        for another player or direction → 409 TRANSFER_ID_CONFLICT. Withdraw beyond the balance → 400
 *        INSUFFICIENT_BALANCE (nothing applied). A cancelled id → 409 {status:'FAILED', code:'TRANSFER_CANCELLED'}
 *        (nothing applied, ever).
 *   GET  players/:username/balance                     → {status:'SUCCESS', username, balance, balanceVersion}
 *   GET  transfers/:transferId                         → the transfer answer above, {status:'CANCELLED', transferId}
 *                                                        for a cancelled id, or {status:'NOT_FOUND', transferId}
 *   POST transfers/:transferId/cancel {}               → cancel our id for good (the wallet calls it before it
 *        gives up a transfer it never heard back about). Applied already → 200 the transfer answer above
 *        (status SUCCESS, nothing changes); otherwise the id is tombstoned → 200 {status:'CANCELLED', transferId}
 *        and every later deposit/withdraw with it is refused (409 TRANSFER_CANCELLED). Idempotent: a repeat
 *        answers the same. A cancel that is not answered (timeout, 5xx) may or may not have tombstoned: ask again.
 *   POST players/:username/launch {mobile, exitUrl}    → {status:'SUCCESS', url} (one-time token, valid 5 min)
 *   GET  players/:username/bets?since=ISO              → [{betId, stake, payout, placedAt}]
 *   Refusals: 4xx {status:'FAILED', code, message}: PLAYER_NOT_FOUND 404, UNKNOWN_GAME 404, INVALID_REQUEST 400.
 *
 * Deterministic failures by input (deposit and withdraw):
 *   transferId ending in `-FAIL`    → 400 {status:'FAILED', code:'TRANSFER_REJECTED'}, nothing applied;
 *   transferId ending in `-TIMEOUT` → nothing applied, the answer is held past any client timeout (then 504).
 *
 * Fault switches (unsigned): POST /_faults {game?, mode, latencyMs?, times?, ops?}, GET /_faults, DELETE /_faults.
 *   latency              delay every op by latencyMs (default 1000), then answer normally;
 *   timeout              hold the answer (latencyMs, default holdMs) without applying, then 504;
 *   fail                 400 TRANSFER_REJECTED without applying (a retry of an already applied id still
 *                        gets its first result: providers never deny what they did);
 *   success-then-timeout APPLY the transfer, then hold the answer: the provider credited but we timed out;
 *   unknown-status       GET transfers/:id answers 503 {status:'PENDING'};
 *   none                 remove the faults of `game` (or all).
 *   Default ops: latency → all; timeout, fail, success-then-timeout → deposit + withdraw; unknown-status →
 *   transferStatus. `ops` overrides (e.g. {mode:'fail', ops:['createPlayer']}); `times` limits how many
 *   requests it hits. A held answer ends when the client disconnects, the hold passes or the server closes.
 *   Ops: createPlayer, changePassword, deposit, withdraw, balance, transferStatus, cancel, launch, bets. On
 *   `cancel`: timeout holds without tombstoning; success-then-timeout tombstones (or finds the id applied), then
 *   holds; fail answers 400 REJECTED without tombstoning; unknown-status answers 503 PENDING without tombstoning.
 *
 * Request log (unsigned): GET /_log?game=&op=&transferId= → [{game, op, transferId, username, at, fault}],
 *   DELETE /_log. Game list: GET / → [{code, name, category}].
 *
 * Demo game (browser): GET /play?token= (consumes the launch token into a play session), /play.js, /play.css,
 *   POST /play/spin {session, bet (baht: 1, 5, 10, 50)} → {reels, win, payout, balance, ...}; each spin is a bet
 *   in the bet history.
 */
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { GameSandboxStore, SandboxError } from './game-store.ts';
import { controlRoutes } from './control-routes.ts';
import { playRoutes } from './play-routes.ts';
import { providerRoutes } from './provider-routes.ts';

export type GamesPluginOptions = {
  /** the shared secret requests are signed with */
  secret: string;
  /** origin the demo game is reached at (launch URLs), e.g. http://localhost:3000; a function is read per
   *  launch (for a server listening on port 0) */
  publicUrl: string | (() => string);
  store?: GameSandboxStore;
  /** how long timeout faults hold an answer when the fault gives no latencyMs (default 30 s) */
  holdMs?: number;
};

const DEFAULT_HOLD_MS = 30_000;

export const gamesPlugin: FastifyPluginAsync<GamesPluginOptions> = async (app, options) => {
  const store = options.store ?? new GameSandboxStore();
  const holds = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const release of [...holds]) release();
  });

  app.setErrorHandler((error: FastifyError | SandboxError, request, reply) => {
    if (error instanceof SandboxError) {
      return reply.status(error.status).send({ status: 'FAILED', code: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(400).send({ status: 'FAILED', code: 'INVALID_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'sandbox games error');
    return reply.status(500).send({ status: 'ERROR', code: 'INTERNAL', message: 'internal error' });
  });

  const { publicUrl } = options;
  const playBaseUrl = () =>
    `${(typeof publicUrl === 'function' ? publicUrl() : publicUrl).replace(/\/$/, '')}${app.prefix}`;
  await app.register(controlRoutes, { store });
  await app.register(playRoutes, { store });
  await app.register(providerRoutes, {
    store,
    secret: options.secret,
    playBaseUrl,
    holdMs: options.holdMs ?? DEFAULT_HOLD_MS,
    holds,
  });
};
