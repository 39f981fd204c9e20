import Fastify, { type FastifyInstance } from 'fastify';
import { gamesPlugin } from './games-plugin.ts';
import { GameSandboxStore } from './game-store.ts';
import { signPayload } from './signature.ts';

export const TEST_SECRET = 'sandbox-test-secret-0123456789';
export const PREFIX = '/sandbox/games';

export type Answer = { status: number; body: any; text: string; headers: Headers }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type GamesKit = {
  app: FastifyInstance;
  store: GameSandboxStore;
  origin: string;
  /** a signed provider call; `path` is relative to the game root, e.g. `players` */
  signed(
    method: 'GET' | 'POST',
    game: string,
    path: string,
    body?: unknown,
    options?: { timeoutMs?: number },
  ): Promise<Answer>;
  /** an unsigned call relative to the plugin prefix, e.g. `_faults` */
  plain(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
};

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** The games plugin on a random local port, with a signing client (sandbox tests only). */
export async function startGamesKit(options: { holdMs?: number } = {}): Promise<GamesKit> {
  const store = new GameSandboxStore();
  const app = Fastify({ forceCloseConnections: true });
  let origin = '';
  await app.register(gamesPlugin, {
    prefix: PREFIX,
    secret: TEST_SECRET,
    publicUrl: () => origin,
    store,
    ...(options.holdMs === undefined ? {} : { holdMs: options.holdMs }),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  origin = address;
  return {
    app,
    store,
    origin,
    async signed(method, game, path, body, { timeoutMs = 5000 } = {}) {
      const url = new URL(`${origin}${PREFIX}/${game}/${path}`);
      const raw = method === 'POST' ? JSON.stringify(body ?? {}) : undefined;
      const headers: Record<string, string> = {
        'x-agent': 'test',
        'x-signature': signPayload(TEST_SECRET, raw ?? url.pathname + url.search),
      };
      if (raw !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method, headers, body: raw ?? null, signal: AbortSignal.timeout(timeoutMs) });
      return answer(response);
    },
    async plain(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { 'content-type': 'application/json', ...headers };
      }
      return answer(await fetch(`${origin}${PREFIX}/${path}`, init));
    },
    close: () => app.close(),
  };
}
