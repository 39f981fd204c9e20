import { and, arrayOverlaps, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { operators } from '../../db/schema/auth.ts';

/** Enabled, enrolled operators holding one of `roles` (the chat's agents: support or admin), by username. */
export async function operatorsWithRoles(
  db: Db | Tx,
  roles: readonly string[],
): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: operators.id, username: operators.username })
    .from(operators)
    .where(
      and(eq(operators.enabled, true), isNotNull(operators.passwordHash), arrayOverlaps(operators.roles, [...roles])),
    )
    .orderBy(asc(operators.username));
}

/** Usernames of operators by id (unknown ids are left out). */
export async function operatorUsernames(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, username: operators.username })
    .from(operators)
    .where(inArray(operators.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}
