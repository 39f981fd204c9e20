// The public face of the `promotions` module: bonuses, promotion codes, the condition engine, turnover summaries (DESIGN.md §9.6).
// The module's issue adds its tables, services and module factory here; other modules import only this file
// (eslint/server-boundaries.js).
import type { Db } from '../../db/client.ts';

/**
 * Whether a promotion condition (bonus, promotion code, refund, invite bonus, spin prize) is running for the member:
 * withdrawals are refused with BONUS_REMAINING while one runs (DESIGN.md §4). Until the promotions issue lands there
 * are no conditions, so this answers "none running"; that issue replaces the body with the real check.
 */
export async function promotionConditionRunning(_db: Db, _memberId: number): Promise<boolean> {
  return false;
}
