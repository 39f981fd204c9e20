import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { FaultSpecSchema } from './fault-board.ts';
import type { GameSandboxStore } from './game-store.ts';
import { SANDBOX_GAMES } from './sandbox-games.ts';

/** Unsigned switches for tests and people: the game list, fault switches and the request log. */
export const controlRoutes: FastifyPluginAsync<{ store: GameSandboxStore }> = async (app, { store }) => {
  app.get('/', async () => Object.entries(SANDBOX_GAMES).map(([code, game]) => ({ code, ...game })));

  app.get('/_faults', async () =>
    store.faults.list().map((f) => ({ ...f, remaining: Number.isFinite(f.remaining) ? f.remaining : null })),
  );

  app.post('/_faults', async (request, reply) => {
    const parsed = FaultSpecSchema.safeParse(request.body);
    if (!parsed.success)
      return reply
        .status(400)
        .send({ status: 'FAILED', code: 'INVALID_REQUEST', message: z.prettifyError(parsed.error) });
    store.faults.set(parsed.data);
    return { status: 'SUCCESS', faults: store.faults.list().length };
  });

  app.delete('/_faults', async () => {
    store.faults.clear();
    return { status: 'SUCCESS' };
  });

  app.get('/_log', async (request) => {
    const filter = z
      .object({ game: z.string(), op: z.string(), transferId: z.string() })
      .partial()
      .catch({})
      .parse(request.query);
    return store.log.list(filter);
  });

  app.delete('/_log', async () => {
    store.log.clear();
    return { status: 'SUCCESS' };
  });
};
