/**
 * HAProxy (Debian's `haproxy`) in the foreground on loopback in front of server processes: what `npm run
 * bench:cluster` (cluster.ts) and the rolling restart (scripts/ops/rolling-restart.ts) put in front of theirs.
 * One thread, round robin, keep-alive. With `healthCheck` every server is checked on that path (a process that
 * drains answers 503 there and is taken out, docs/decisions/0032-rolling-restarts-and-migrations.md) and a stats
 * page says what HAProxy thinks of each server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './bench-server.ts';

const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

export type Balancer = {
  url: string;
  pid: number;
  /** each server's state as HAProxy sees it (UP, DOWN, …), by its name s0, s1, … (needs `healthCheck`) */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
};

export type HaproxyOptions = {
  /** the frontend's port (default: a free one) */
  port?: number;
  /** check every server on `path`: every `interMs`, out after `fall` failures, back after `rise` successes */
  healthCheck?: { path: string; interMs: number; fall: number; rise: number; timeoutMs?: number };
  /** HAProxy's own retries of a connection that failed before the request was sent (HAProxy's default: 3) */
  retries?: number;
  /** answer with `x-served-by: s<i>` (which process served the request) */
  servedBy?: boolean;
};

/** HAProxy in the foreground, round robin over `backends` (base URLs), up once its frontend answers. */
export async function startHaproxy(backends: string[], options: HaproxyOptions = {}): Promise<Balancer> {
  const port = options.port ?? (await freePort());
  const statsPort = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  const check = options.healthCheck;
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 4096',
      // one thread: a single HAProxy thread proxies tens of thousands of req/s; the default (one per CPU) makes it
      // compete with the server processes for this box's two cores
      '  nbthread 1',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      // socket.io's WebSockets are tunnels once upgraded
      '  timeout tunnel 1h',
      // a health check answered later than this counts as failed (a loaded process may take a moment)
      `  timeout check ${check?.timeoutMs ?? 2000}ms`,
      '  option http-keep-alive',
      ...(options.retries === undefined ? [] : [`  retries ${options.retries}`]),
      'frontend wallet',
      `  bind 127.0.0.1:${port}`,
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      '  option forwardfor',
      ...(options.servedBy ? ['  http-response set-header x-served-by %s'] : []),
      ...(check
        ? [
            `  option httpchk GET ${check.path}`,
            '  http-check expect status 200',
            `  default-server inter ${check.interMs} fastinter ${check.interMs} downinter ${check.interMs} fall ${check.fall} rise ${check.rise}`,
          ]
        : []),
      ...backends.map((b, i) => `  server s${i} ${new URL(b).host}${check ? ' check' : ''}`),
      'listen stats',
      `  bind 127.0.0.1:${statsPort}`,
      '  stats enable',
      '  stats uri /stats',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    try {
      const res = await fetch(statsUrl);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 50) throw new Error('haproxy did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    states: async () => {
      const csv = await (await fetch(statsUrl)).text();
      const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
      const columns = header!.split(',');
      const status = columns.indexOf('status');
      const name = columns.indexOf('svname');
      const states: Record<string, string> = {};
      for (const row of rows) {
        const cells = row.split(',');
        if (cells[0] === 'servers' && /^s\d+$/.test(cells[name] ?? '')) states[cells[name]!] = cells[status] ?? '';
      }
      return states;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
