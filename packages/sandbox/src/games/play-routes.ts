import type { FastifyPluginAsync } from 'fastify';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SandboxError, type GameSandboxStore } from './game-store.ts';
import { PLAY_CSP, renderExpiredPage, renderPlayPage } from './play-page.ts';
import { SANDBOX_GAMES, isGameCode } from './sandbox-games.ts';
import { SLOT_BETS_BAHT, evaluate, spinReels } from './slot-machine.ts';

const PLAY_JS = readFileSync(new URL('./play/play.js', import.meta.url), 'utf8');
const PLAY_CSS = readFileSync(new URL('./play/play.css', import.meta.url), 'utf8');
const MINOR_PER_BAHT = 100n;
const RECENT_BETS = 8;

const SpinBody = z.object({
  session: z.string().min(1).max(100),
  bet: z.union(SLOT_BETS_BAHT.map((b) => z.literal(b))),
});

/** The demo game behind launch URLs: page, assets and the spin endpoint (browser-facing, unsigned). */
export const playRoutes: FastifyPluginAsync<{ store: GameSandboxStore }> = async (app, { store }) => {
  app.get('/play.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(PLAY_JS),
  );
  app.get('/play.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(PLAY_CSS),
  );

  app.get('/play', async (request, reply) => {
    const { token } = z
      .object({ token: z.string().max(100).default('') })
      .catch({ token: '' })
      .parse(request.query);
    const session = token ? store.redeemLaunchToken(token) : undefined;
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PLAY_CSP)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    const player = session && store.player(session.game, session.username);
    if (!session || !player || !isGameCode(session.game)) return reply.status(410).send(renderExpiredPage());
    const recent = store.betsOf(session.game, session.username).slice(-RECENT_BETS).reverse();
    return reply.send(renderPlayPage(session, SANDBOX_GAMES[session.game].name, player.balance, recent));
  });

  app.post('/play/spin', async (request, reply) => {
    const parsed = SpinBody.safeParse(request.body);
    if (!parsed.success) throw new SandboxError('INVALID_REQUEST', 400, 'bet must be one of 1, 5, 10, 50');
    const session = store.session(parsed.data.session);
    if (!session) throw new SandboxError('SESSION_EXPIRED', 401, 'open the game again from the wallet');
    const player = store.requirePlayer(session.game, session.username);
    const stake = BigInt(parsed.data.bet) * MINOR_PER_BAHT;
    if (player.balance < stake) {
      return reply.status(400).send({
        status: 'FAILED',
        code: 'INSUFFICIENT_BALANCE',
        message: 'not enough balance',
        balance: player.balance.toString(),
      });
    }
    const reels = spinReels();
    const { win, multiplier } = evaluate(reels);
    const payout = stake * BigInt(multiplier);
    const bet = store.recordBet(session.game, session.username, stake, payout, reels.join(','));
    return {
      status: 'SUCCESS',
      betId: bet.betId,
      reels,
      win,
      multiplier,
      stake: stake.toString(),
      payout: payout.toString(),
      balance: player.balance.toString(),
      placedAt: bet.placedAt.toISOString(),
    };
  });
};
