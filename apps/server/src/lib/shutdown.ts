/** How long closing may take (after the drain window) before the process exits anyway. */
const CLOSE_DEADLINE_MS = 10_000;

export type ShutdownDeps = {
  /**
   * Step one of the drain (docs/decisions/0032-rolling-restarts-and-migrations.md): readiness answers 503 from now
   * on and no new job or outbox batch is claimed; resolves when the held ones are done. Requests are still served.
   */
  drain?: () => Promise<void>;
  /** how long to keep serving after readiness flips, so the balancer's health checks take the process out (0: none) */
  drainMs?: number;
  /** stop accepting work and release resources (sockets, server, database) */
  close: () => Promise<void>;
  /** a log line; may throw (a log reader that went away) without stopping the shutdown */
  log: (message: string, fields: Record<string, unknown>) => void;
  exit: (code: number) => void;
  /** the whole shutdown (drain window included) may take this long, then the process exits 1; default drainMs + 10 s */
  deadlineMs?: number;
  /** waits the drain window; tests pass their own (default: a timer) */
  wait?: (ms: number) => Promise<void>;
};

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The signal handler (docs/decisions/0016-hostile-input.md, 0032): the first signal starts the drain — readiness
 * flips to 503 and background claims stop at once, requests keep being served for `drainMs`, then the app closes
 * (sockets told to reconnect elsewhere, in-flight requests finish, the database pool closes) and the process exits
 * 0. The same signal a second time, a failing close or the deadline exit 1 at once. Nothing the log or stdout does
 * can keep the server up.
 */
export function createShutdown(deps: ShutdownDeps): (signal: string) => Promise<void> {
  const seen = new Set<string>();
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    deps.exit(code);
  };
  const log = (message: string, fields: Record<string, unknown>) => {
    try {
      deps.log(message, fields);
    } catch {
      // the log's reader is gone: shut down all the same
    }
  };
  return async (signal) => {
    if (seen.has(signal)) {
      // an operator (or a supervisor) repeating the stop means now
      log('shutting down at once: signal repeated', { signal });
      exit(1);
      return;
    }
    const first = seen.size === 0;
    seen.add(signal);
    if (!first) return;
    const drainMs = deps.drainMs ?? 0;
    const deadline = setTimeout(() => exit(1), deps.deadlineMs ?? drainMs + CLOSE_DEADLINE_MS);
    deadline.unref();
    log('shutting down', { signal, drainMs });
    let code = 0;
    try {
      const drained = deps.drain?.() ?? Promise.resolve();
      // the window runs from the readiness flip, whatever the background work still takes
      await Promise.all([drained, drainMs > 0 ? (deps.wait ?? timer)(drainMs) : undefined]);
      log('drain window over: closing', { signal });
      await deps.close();
    } catch {
      code = 1;
    }
    clearTimeout(deadline);
    exit(code);
  };
}

/** A pipe whose reader went away (EPIPE) must not become an uncaught error or a stuck process. */
export function ignoreBrokenPipes(...streams: NodeJS.WriteStream[]): void {
  for (const stream of streams) stream.on('error', () => undefined);
}
