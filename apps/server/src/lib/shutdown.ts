/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

export type ShutdownDeps = {
  /** stop accepting work and release resources (server, database) */
  close: () => Promise<void>;
  /** a log line; may throw (a log reader that went away) without stopping the shutdown */
  log: (message: string, fields: Record<string, unknown>) => void;
  exit: (code: number) => void;
  deadlineMs?: number;
};

/**
 * The signal handler (docs/decisions/0016-hostile-input.md): the first signal closes the app and exits 0; if closing
 * fails or outlives the deadline the process exits 1. Nothing the log or stdout does can keep the server up.
 */
export function createShutdown(deps: ShutdownDeps): (signal: string) => Promise<void> {
  let started = false;
  return async (signal) => {
    if (started) return;
    started = true;
    const deadline = setTimeout(() => deps.exit(1), deps.deadlineMs ?? SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      deps.log('shutting down', { signal });
    } catch {
      // the log's reader is gone: shut down all the same
    }
    let code = 0;
    try {
      await deps.close();
    } catch {
      code = 1;
    }
    clearTimeout(deadline);
    deps.exit(code);
  };
}

/** A pipe whose reader went away (EPIPE) must not become an uncaught error or a stuck process. */
export function ignoreBrokenPipes(...streams: NodeJS.WriteStream[]): void {
  for (const stream of streams) stream.on('error', () => undefined);
}
