import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';

/**
 * The devices members signed in from: SHA-256 of the session's IP and User-Agent (sessions without both are left
 * out). Two members sharing one is a hint that one person holds both accounts (the referral's self-referral check).
 */
export async function deviceFingerprints(db: Db | Tx, memberIds: number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>(memberIds.map((id) => [id, new Set<string>()]));
  if (memberIds.length === 0) return out;
  const rows = await db
    .selectDistinct({ memberId: sessions.memberId, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(inArray(sessions.memberId, memberIds));
  for (const r of rows) {
    if (!r.ip || !r.userAgent) continue;
    out.get(r.memberId)?.add(createHash('sha256').update(`${r.ip}\n${r.userAgent}`).digest('hex'));
  }
  return out;
}
