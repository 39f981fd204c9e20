import SonicBoom from 'sonic-boom';

/** Log lines held while stdout does not drain; beyond this they are dropped rather than block or grow. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * Where the server's log lines go by default (docs/decisions/0016-hostile-input.md): stdout, written asynchronously.
 * A slow or stalled reader never blocks the event loop (requests and SIGTERM keep being served), a reader that went
 * away (EPIPE) turns logging off, and nothing flushes synchronously at exit (a stuck pipe cannot hold the process).
 */
export function stdoutLogDestination(): SonicBoom {
  const stream = new SonicBoom({ fd: 1, sync: false, maxLength: MAX_BUFFERED_BYTES, minLength: 0 });
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') return;
    stream.write = () => true;
  });
  return stream;
}
