/**
 * A lean HTTP/1.1 keep-alive client for the open-loop generator (open-loop.ts): at most `size` sockets, one request
 * at a time on each, requests beyond that wait in a FIFO queue. It writes prebuilt request bytes and reads only the
 * status and the body's length: on the loaded 2-core box 60–90 µs of CPU per request with the 1 ms arrival timer,
 * against 104–144 µs through node:http (autocannon: 34–76), which matters when the generator shares two cores
 * with the server it measures. Not a general client: no pipelining,
 * no redirects, answers with Content-Length or chunked bodies only.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };
/** status 0: the connection failed or closed before the answer */
type RawAnswer = (status: number) => void;

type Pending = { bytes: Buffer; queuedAt: number; done: RawAnswer };
type Connection = { socket: net.Socket; current: Pending | null; buffer: Buffer; gone: boolean };

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/** Bytes of a complete answer at the start of `b`, or 0 while it is incomplete. */
function answerLength(b: Buffer): number {
  const head = b.indexOf(HEADER_END);
  if (head < 0) return 0;
  const headers = b.toString('latin1', 0, head).toLowerCase();
  const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
  if (length) return b.length >= head + 4 + Number(length[1]) ? head + 4 + Number(length[1]) : 0;
  if (/\r\ntransfer-encoding:\s*chunked/.test(headers)) {
    const end = b.indexOf(CHUNKED_END, head + 4);
    return end >= 0 ? end + CHUNKED_END.length : 0;
  }
  return head + 4; // no body (e.g. 204)
}

export class RawHttpPool {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly queue: Pending[] = [];
  private queueHead = 0;
  private open = 0;
  private readonly host: string;
  /** ms each request waited for a free connection (queued → written) */
  readonly waits: number[] = [];

  constructor(
    url: string,
    private readonly size: number,
  ) {
    const u = new URL(url);
    this.host = u.host;
    this.port = Number(u.port);
    this.hostname = u.hostname;
  }
  private readonly port: number;
  private readonly hostname: string;

  request(r: RawRequest, done: RawAnswer): void {
    const body = r.body ?? '';
    let head = `${r.method} ${r.path} HTTP/1.1\r\nhost: ${this.host}\r\nconnection: keep-alive\r\n`;
    for (const [k, v] of Object.entries(r.headers ?? {})) head += `${k}: ${v}\r\n`;
    if (body || r.method !== 'GET') head += `content-length: ${Buffer.byteLength(body)}\r\n`;
    this.queue.push({ bytes: Buffer.from(`${head}\r\n${body}`), queuedAt: performance.now(), done });
    this.dispatch();
  }

  private dispatch(): void {
    while (this.queueHead < this.queue.length) {
      const c = this.idle.pop() ?? (this.open < this.size ? this.connect() : null);
      if (!c) return;
      const p = this.queue[this.queueHead]!;
      this.queue[this.queueHead++] = undefined as unknown as Pending;
      if (this.queueHead > 4096 && this.queueHead * 2 > this.queue.length) {
        this.queue.splice(0, this.queueHead);
        this.queueHead = 0;
      }
      c.current = p;
      this.waits.push(performance.now() - p.queuedAt);
      c.socket.write(p.bytes);
    }
  }

  private connect(): Connection {
    this.open++;
    const socket = net.connect(this.port, this.hostname);
    socket.setNoDelay(true);
    const c: Connection = { socket, current: null, buffer: Buffer.alloc(0), gone: false };
    this.all.add(c);
    socket.on('data', (chunk: Buffer) => {
      c.buffer = c.buffer.length === 0 ? chunk : Buffer.concat([c.buffer, chunk]);
      const n = answerLength(c.buffer);
      if (n === 0 || !c.current) return;
      const status = Number(c.buffer.toString('latin1', 9, 12));
      c.buffer = c.buffer.subarray(n);
      const p = c.current;
      c.current = null;
      this.idle.push(c);
      p.done(status);
      this.dispatch();
    });
    const lost = () => {
      if (c.gone) return;
      c.gone = true;
      this.all.delete(c);
      this.open--;
      const i = this.idle.indexOf(c);
      if (i >= 0) this.idle.splice(i, 1);
      const p = c.current;
      c.current = null;
      socket.destroy();
      p?.done(0);
      this.dispatch();
    };
    socket.once('error', lost);
    socket.once('close', lost);
    return c;
  }

  /** Requests never written (all connections stayed busy). */
  get queued(): number {
    return this.queue.length - this.queueHead;
  }

  /** Close every connection; answers still missing are dropped (not reported). */
  close(): void {
    for (const c of this.all) {
      c.gone = true;
      c.socket.destroy();
    }
    this.all.clear();
    this.idle.length = 0;
    this.open = 0;
  }
}
