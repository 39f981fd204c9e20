/** What `npm run bench:cluster` (cluster.ts) checks through the balancer: state shared by every server process. */
import type { BenchMember } from './seed.ts';

type Balancer = { url: string };

/** A logout through the balancer must be refused by every process at once (shared sessions + cache eviction). */
export async function checkLogout(balancer: Balancer, m: BenchMember, processes: number): Promise<string> {
  const wallet = () => fetch(`${balancer.url}/api/wallet`, { headers: { authorization: `Bearer ${m.token}` } });
  for (let i = 0; i < processes * 2; i++) await (await wallet()).arrayBuffer(); // every process caches the session
  const out = await fetch(`${balancer.url}/api/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${m.token}` },
  });
  await out.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 200)); // the Redis hop
  const statuses: number[] = [];
  for (let i = 0; i < processes * 2; i++) {
    const res = await wallet();
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses.every((s) => s === 401)
    ? `logout through the balancer: refused by every process (${statuses.join(', ')})`
    : `LOGOUT NOT SEEN EVERYWHERE: ${statuses.join(', ')}`;
}

/**
 * The login limiter counts in Redis for every process: wrong passwords for one phone through the balancer (round
 * robin, so each process sees only its share) are refused with REQUEST_LIMIT after `limit` attempts in total.
 */
export async function checkLoginLimit(balancer: Balancer, phone: string, limit: number): Promise<string> {
  const codes: string[] = [];
  for (let i = 0; i <= limit; i++) {
    const res = await fetch(`${balancer.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: phone, password: `wrong-${i}` }),
    });
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    codes.push(`${res.status} ${body.message ?? ''}`.trim());
  }
  const limited = codes.at(-1) === '429 REQUEST_LIMIT' && codes.slice(0, -1).every((c) => !c.startsWith('429'));
  return limited
    ? `login limit through the balancer: ${limit} wrong passwords over every process, then refused (${codes.at(-1)})`
    : `LOGIN LIMIT NOT SHARED: ${codes.join(', ')}`;
}
