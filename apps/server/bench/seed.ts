import { sql } from 'drizzle-orm';
import { systemClock } from '../src/clock.ts';
import type { Db } from '../src/db/client.ts';
import { members } from '../src/db/schema/account.ts';
import { SessionService } from '../src/modules/auth/session.service.ts';
import { sessionMembers } from '../src/modules/account/account.api.ts';
import { postOpeningBalance } from '../src/modules/ledger/opening-balance.ts';

/** A seeded member: its access token (15 minutes) and the refresh token that renews it (runs longer than that). */
export type BenchMember = { id: number; token: string; refreshToken: string };

/** N members straight into the database, each with an opening balance through the ledger and a session. */
export async function seedMembers(
  db: Db,
  jwtSecret: string,
  count: number,
  balanceMinor: bigint,
): Promise<BenchMember[]> {
  const sessions = new SessionService(db, jwtSecret, systemClock, sessionMembers(db));
  const rows = await db
    .insert(members)
    .values(
      Array.from({ length: count }, (_, i) => {
        const n = String(i).padStart(8, '0');
        return {
          username: `06${n}`,
          passwordHash: 'bench-member-has-no-password',
          name: `BENCH MEMBER ${i}`,
          bankCode: 'KBANK',
          bankAccountName: 'BENCH MEMBER',
          // the digits a bank shows of an account (6th to 9th) are i's last four: no two members share a slip mask
          bankAccountNo: `55${n.slice(0, 3)}${n.slice(4)}${n[3]}`,
        };
      }),
    )
    .returning({ id: members.id, currency: members.currency });
  const seeded: BenchMember[] = [];
  for (const row of rows) {
    await postOpeningBalance(db, row, balanceMinor);
    seeded.push({ id: row.id, ...(await sessions.start(row.id)) });
  }
  return seeded;
}

/** Open one game account per member through the API (the provider creates the player); false when unavailable. */
export async function activateGame(baseUrl: string, seeded: BenchMember[], game: string): Promise<boolean> {
  const queue = [...seeded];
  let ok = true;
  const worker = async () => {
    for (let m = queue.shift(); m && ok; m = queue.shift()) {
      const res = await fetch(`${baseUrl}/api/wallet/activate/${game}`, {
        headers: { authorization: `Bearer ${m.token}` },
      });
      await res.arrayBuffer();
      if (res.status !== 200 && res.status !== 409) ok = false;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ok;
}

/**
 * 1-baht withdrawals and no daily limit to speak of, so a withdraw scenario measures the request path, not a
 * refusal. Written before the server first reads the key (no process holds the default in memory yet).
 */
export async function liftWithdrawLimits(db: Db): Promise<void> {
  const value = { withdrawMin: 1, withdrawMax: 50_000, perDayCount: 10_000, perDayAmount: 1_000_000_000 };
  await db.execute(
    sql`insert into settings (key, value) values ('withdrawLimits', ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
}
