import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import type { ActiveFault, GameOp } from './fault-board.ts';
import { SandboxError, type GameSandboxStore, type SandboxTransfer } from './game-store.ts';
import { isGameCode } from './sandbox-games.ts';
import { verifySignature } from './signature.ts';

export type ProviderRoutesOptions = {
  store: GameSandboxStore;
  secret: string;
  /** origin + prefix the launch URLs point at, e.g. http://localhost:3000/sandbox/games */
  playBaseUrl: () => string;
  holdMs: number;
  /** releases every held answer when the server closes */
  holds: Set<() => void>;
};

const UsernameSchema = z.string().regex(/^[A-Za-z0-9_]{3,40}$/);
const PasswordSchema = z.string().min(4).max(64);
const TransferIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
const AmountSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'positive integer minor units')
  .transform(BigInt);
const GameParams = z.object({ game: z.string() });
const PlayerParams = z.object({ game: z.string(), username: UsernameSchema });
const TransferParams = z.object({ game: z.string(), transferId: TransferIdSchema });
const TransferBody = z.object({ username: UsernameSchema, amount: AmountSchema, transferId: TransferIdSchema });

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new SandboxError('INVALID_REQUEST', 400, z.prettifyError(result.error));
  return result.data;
}

function parseJson<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(typeof body === 'string' ? body : '');
  } catch {
    throw new SandboxError('INVALID_REQUEST', 400, 'body is not JSON');
  }
  return parse(schema, value);
}

/** A transfer id ending in -FAIL fails definitely; -TIMEOUT applies nothing and times out. */
function faultByInput(transferId: string | null): ActiveFault | undefined {
  const base = { game: null, latencyMs: null, remaining: 1, ops: ['deposit', 'withdraw'] as GameOp[] };
  if (transferId?.endsWith('-FAIL')) return { ...base, mode: 'fail' };
  if (transferId?.endsWith('-TIMEOUT')) return { ...base, mode: 'timeout' };
  return undefined;
}

const transferAnswer = (t: SandboxTransfer) => ({
  status: 'SUCCESS',
  transferId: t.transferId,
  username: t.username,
  direction: t.direction,
  amount: t.amount.toString(),
  refId: t.refId,
  balanceBefore: t.balanceBefore.toString(),
  balanceAfter: t.balanceAfter.toString(),
  balanceVersion: t.balanceVersion.toString(),
});

/** The signed provider API under `/:game/...` (see games-plugin.ts for the protocol). */
export const providerRoutes: FastifyPluginAsync<ProviderRoutesOptions> = async (app, opts) => {
  const { store, secret } = opts;

  // keep the raw body: the signature covers its exact bytes
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.addHook('preHandler', async (request) => {
    const agent = request.headers['x-agent'];
    const signature = request.headers['x-signature'];
    const payload = request.method === 'GET' ? request.url : typeof request.body === 'string' ? request.body : '';
    if (
      typeof agent !== 'string' ||
      agent === '' ||
      typeof signature !== 'string' ||
      !verifySignature(secret, payload, signature)
    ) {
      throw new SandboxError('BAD_SIGNATURE', 401, 'missing x-agent or wrong x-signature');
    }
    if (!isGameCode(parse(GameParams, request.params).game))
      throw new SandboxError('UNKNOWN_GAME', 404, 'no such game');
  });

  /** Hold an answer until the client gives up, the hold passes, or the server closes. */
  const hold = (reply: FastifyReply, ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        reply.raw.off('close', done);
        opts.holds.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      reply.raw.once('close', done);
      opts.holds.add(done);
    });

  /** Log the request, apply any fault around `apply`, and answer. */
  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    op: GameOp,
    ids: { username?: string; transferId?: string },
    apply: () => unknown,
  ): Promise<unknown> {
    const { game } = parse(GameParams, request.params);
    const transferId = ids.transferId ?? null;
    const isTransfer = op === 'deposit' || op === 'withdraw';
    const fault = (isTransfer ? faultByInput(transferId) : undefined) ?? store.faults.take(game, op);
    store.log.add({
      game,
      op,
      transferId,
      username: ids.username ?? null,
      at: store.now().toISOString(),
      fault: fault?.mode ?? null,
    });
    const holdMs = fault?.latencyMs ?? opts.holdMs;
    const answerLate = (status: number, body: unknown) => {
      if (reply.raw.destroyed || request.raw.socket?.destroyed) return reply.hijack();
      return reply.status(status).send(body);
    };
    switch (fault?.mode) {
      case undefined:
        return apply();
      case 'latency':
        await delay(fault.latencyMs ?? 1000);
        return apply();
      case 'fail':
        // a provider never denies a transfer it already applied: a retry of a known id gets the first result
        if (isTransfer && transferId && store.findTransfer(game, transferId)) return apply();
        return reply.status(400).send({
          status: 'FAILED',
          code: isTransfer ? 'TRANSFER_REJECTED' : 'REJECTED',
          message: 'refused by fault switch',
        });
      case 'unknown-status':
        return reply.status(503).send({ status: 'PENDING', code: 'STATUS_UNKNOWN', message: 'not known yet' });
      case 'timeout':
        await hold(reply, holdMs);
        return answerLate(504, { status: 'TIMEOUT', message: 'gateway timeout' });
      case 'success-then-timeout': {
        const body = apply();
        await hold(reply, holdMs);
        return answerLate(reply.statusCode, body);
      }
    }
  }

  app.post('/:game/players', async (request, reply) => {
    const body = parseJson(z.object({ username: UsernameSchema, password: PasswordSchema }), request.body);
    const { game } = parse(GameParams, request.params);
    return run(request, reply, 'createPlayer', { username: body.username }, () => {
      store.createPlayer(game, body.username, body.password);
      reply.status(201);
      return { status: 'SUCCESS', username: body.username };
    });
  });

  app.post('/:game/players/:username/password', async (request, reply) => {
    const { game, username } = parse(PlayerParams, request.params);
    const body = parseJson(z.object({ password: PasswordSchema }), request.body);
    return run(request, reply, 'changePassword', { username }, () => {
      store.setPassword(game, username, body.password);
      return { status: 'SUCCESS', username };
    });
  });

  for (const direction of ['deposit', 'withdraw'] as const) {
    app.post(`/:game/transfers/${direction}`, async (request, reply) => {
      const { game } = parse(GameParams, request.params);
      const body = parseJson(TransferBody, request.body);
      return run(request, reply, direction, body, () =>
        transferAnswer(store.transfer(game, direction, body.username, body.amount, body.transferId)),
      );
    });
  }

  app.get('/:game/players/:username/balance', async (request, reply) => {
    const { game, username } = parse(PlayerParams, request.params);
    return run(request, reply, 'balance', { username }, () => {
      const player = store.requirePlayer(game, username);
      return {
        status: 'SUCCESS',
        username,
        balance: player.balance.toString(),
        balanceVersion: player.version.toString(),
      };
    });
  });

  app.get('/:game/transfers/:transferId', async (request, reply) => {
    const { game, transferId } = parse(TransferParams, request.params);
    return run(request, reply, 'transferStatus', { transferId }, () => {
      const transfer = store.findTransfer(game, transferId);
      if (transfer) return transferAnswer(transfer);
      return { status: store.isCancelled(game, transferId) ? 'CANCELLED' : 'NOT_FOUND', transferId };
    });
  });

  app.post('/:game/transfers/:transferId/cancel', async (request, reply) => {
    const { game, transferId } = parse(TransferParams, request.params);
    parseJson(z.object({}), request.body);
    return run(request, reply, 'cancel', { transferId }, () => {
      const result = store.cancelTransfer(game, transferId);
      return result.kind === 'applied' ? transferAnswer(result.transfer) : { status: 'CANCELLED', transferId };
    });
  });

  app.post('/:game/players/:username/launch', async (request, reply) => {
    const { game, username } = parse(PlayerParams, request.params);
    const body = parseJson(z.object({ mobile: z.boolean(), exitUrl: z.url({ protocol: /^https?$/ }) }), request.body);
    return run(request, reply, 'launch', { username }, () => {
      const token = store.issueLaunchToken(game, username, body);
      return { status: 'SUCCESS', url: `${opts.playBaseUrl()}/play?token=${token}` };
    });
  });

  app.get('/:game/players/:username/bets', async (request, reply) => {
    const { game, username } = parse(PlayerParams, request.params);
    const { since } = parse(z.object({ since: z.iso.datetime({ offset: true }).optional() }), request.query);
    return run(request, reply, 'bets', { username }, () => {
      store.requirePlayer(game, username);
      return store.betsOf(game, username, since ? new Date(since) : undefined).map((b) => ({
        betId: b.betId,
        stake: b.stake.toString(),
        payout: b.payout.toString(),
        placedAt: b.placedAt.toISOString(),
      }));
    });
  });

  // the aggregator's reports (AMB-style): every player's bets by time range, and a Bangkok day's win/loss per player
  app.get('/:game/bets', async (request, reply) => {
    const { game } = parse(GameParams, request.params);
    const range = parse(
      z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }),
      request.query,
    );
    return run(request, reply, 'bets', {}, () =>
      store.betsBetween(game, new Date(range.from), new Date(range.to)).map((b) => ({
        betId: b.betId,
        username: b.username,
        stake: b.stake.toString(),
        payout: b.payout.toString(),
        placedAt: b.placedAt.toISOString(),
      })),
    );
  });

  app.get('/:game/winloss', async (request, reply) => {
    const { game } = parse(GameParams, request.params);
    const { date } = parse(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }), request.query);
    const from = new Date(`${date}T00:00:00+07:00`);
    if (Number.isNaN(from.getTime())) throw new SandboxError('INVALID_REQUEST', 400, 'bad date');
    const to = new Date(from.getTime() + 86_400_000);
    return run(request, reply, 'bets', {}, () => ({
      status: 'SUCCESS',
      date,
      players: store.winLossBetween(game, from, to).map((p) => ({
        username: p.username,
        validBets: p.validBets.toString(),
        winLoss: p.winLoss.toString(),
        betCount: p.betCount,
      })),
    }));
  });
};
