/**
 * Slip verification throughput (docs/design.md §9.5): real e-slip images from the sandbox bank, each a distinct transfer from
 * the member's registered account to the site's account, uploaded concurrently through POST /api/wallet/slip: the
 * whole path (multipart, magic bytes, re-encode, zxing decode, storage, the bank's verification API, the rules,
 * the once-only credit). Reports uploads/s, p50/p95/p99 and how many were credited.
 */
import type { Row } from './report.ts';
import type { BenchMember } from './seed.ts';
import { ms, percentiles } from './percentiles.ts';

const SLIPS = Number(process.env.BENCH_SLIPS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_SLIP_CONCURRENCY ?? 8);
/** the seeded th site account (seed-data.ts) */
const SITE_ACCOUNT = '0481234567';

/** seed.ts gives member i a KBANK account of `55` and i's 8 digits, its last four where banks show them */
const accountOf = (index: number) => {
  const n = String(index).padStart(8, '0');
  return `55${n.slice(0, 3)}${n.slice(4)}${n[3]}`;
};

export async function slipVerifyScenario(url: string, members: BenchMember[]): Promise<Row[]> {
  const name = `POST /api/wallet/slip: ${SLIPS} distinct sandbox e-slips, ${CONCURRENCY} at a time`;
  const slips: Array<{ member: BenchMember; png: Blob }> = [];
  for (let i = 0; i < SLIPS; i++) {
    const index = i % members.length;
    const made = await fetch(`${url}/sandbox/bank/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fromBankCode: 'KBANK',
        fromAccountNo: accountOf(index),
        // what the bank prints for the seeded account name (the slip rules compare it)
        fromNameEn: 'MR BENCH MEMBER',
        toBankCode: 'KBANK',
        toAccountNo: SITE_ACCOUNT,
        amount: 100 + (i % 50),
      }),
    });
    if (!made.ok) return [{ name, note: `not measurable: sandbox transfer answered ${made.status}` }];
    const { slipUrl } = (await made.json()) as { slipUrl: string };
    const png = await (await fetch(`${url}${slipUrl}`)).blob();
    slips.push({ member: members[index]!, png });
  }
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  const queue = [...slips];
  const started = performance.now();
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      const form = new FormData();
      form.append('file', s.png, 'slip.png');
      const t0 = performance.now();
      const res = await fetch(`${url}/api/wallet/slip`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.member.token}` },
        body: form,
      });
      const body = (await res.json().catch(() => ({}))) as { status?: string; note?: string; message?: string };
      latencies.push(performance.now() - t0);
      const key = res.ok ? (body.note ?? body.status ?? '?') : `${res.status} ${body.message ?? ''}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const p = percentiles(latencies);
  const summary = [...outcomes].map(([k, n]) => `${k} ${n}`).join(', ');
  const note = `${(latencies.length / seconds).toFixed(1)} uploads/s; p50 ${ms(p.p50)} ms, p95 ${ms(p.p95)} ms, p99 ${ms(p.p99)} ms; ${summary}`;
  console.log(`  done: ${name}: ${note}`);
  return [{ name, note, check: `outcomes: ${summary}` }];
}
