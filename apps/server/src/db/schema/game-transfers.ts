import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

// Tables of the game-transfers module (modules/game-transfers).

/** The two legs of a game transfer. */
export const GAME_TRANSFER_DIRECTIONS = ['to_game', 'from_game'] as const;
export type GameTransferDirection = (typeof GAME_TRANSFER_DIRECTIONS)[number];

/**
 * One money move between the wallet and a game (docs/design.md §3, two-phase). `id` is ours, sent to the provider,
 * and derives every ledger idempotency key (`transfer:{id}:hold|settle|void`). A row leaves `pending` once.
 */
export const gameTransfers = pgTable(
  'game_transfers',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    game: text('game').notNull(),
    /** to_game = wallet → game, from_game = game → wallet ("deposit" and "withdraw" mean bank money only) */
    direction: text('direction', { enum: GAME_TRANSFER_DIRECTIONS }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    providerRef: text('provider_ref'),
    /** status inquiries made by the reconciler */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('game_transfers_status_idx').on(t.status, t.createdAt),
    index('game_transfers_member_idx').on(t.memberId, t.createdAt),
    check('game_transfers_direction_ck', sql`${t.direction} in ('to_game', 'from_game')`),
    check('game_transfers_status_ck', sql`${t.status} in ('pending', 'success', 'failed')`),
    check('game_transfers_amount_ck', sql`${t.amount} > 0`),
  ],
);
