/**
 * Where the machine's CPU went during a bench run (Linux /proc): per component of the bench (server processes, the
 * load balancer, PostgreSQL, Redis, the load generator itself) and the rest of the machine (other work), in cores
 * (CPU seconds per second). On a small box this is what says whether more server processes could have helped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS_PER_S = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds (0 once it is gone or off Linux). */
function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** Every process whose command name is `name` (e.g. postgres, redis-server). */
function pidsNamed(name: string): number[] {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/** Busy seconds of the whole machine (all CPUs: everything but idle and iowait). */
function machineSeconds(): number {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
    return (user + nice + system + irq + softirq + steal) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

type CpuGroups = Record<string, number[]>;

/**
 * Start measuring: `groups` names pids (e.g. { servers: [..], haproxy: [..] }); PostgreSQL, Redis and this process
 * (the load generator) are added. `stop()` gives cores used per group, the rest of the machine and idle.
 */
export function measureCpu(groups: CpuGroups): { stop(): Record<string, number> } {
  // PostgreSQL's backends come and go: named groups are found again at the end (a backend that started during the
  // run counts whole, one that ended is lost: an undercount) and counted per pid, never below zero
  const named: Record<string, string> = { 'postgres (every database)': 'postgres', redis: 'redis-server' };
  const pidsOf = (k: string) => groups[k] ?? pidsNamed(named[k]!);
  const keys = [...Object.keys(groups), ...Object.keys(named)];
  const before = new Map<number, number>();
  for (const k of keys) for (const pid of pidsOf(k)) before.set(pid, processSeconds(pid));
  const self0 = process.cpuUsage();
  const machine0 = machineSeconds();
  const t0 = performance.now();
  return {
    stop() {
      const wall = (performance.now() - t0) / 1000;
      const cores: Record<string, number> = {};
      for (const k of keys) {
        const used = pidsOf(k).map((pid) => Math.max(0, processSeconds(pid) - (before.get(pid) ?? 0)));
        cores[k] = used.reduce((s, x) => s + x, 0) / wall;
      }
      const self = process.cpuUsage(self0);
      cores['load generator'] = (self.user + self.system) / 1e6 / wall;
      const busy = (machineSeconds() - machine0) / wall;
      const ours = Object.values(cores).reduce((s, x) => s + x, 0);
      cores['rest of the machine'] = Math.max(0, busy - ours);
      cores.idle = Math.max(0, os.cpus().length - busy);
      return cores;
    },
  };
}

export const formatCores = (cores: Record<string, number>) =>
  Object.entries(cores)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ');
