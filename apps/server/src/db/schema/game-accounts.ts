import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

// Tables of the game-accounts module (modules/game-accounts).

/**
 * A member's player account at one game provider (docs/design.md §4). The password is shown to the member, so it is
 * stored sealed (AES-256-GCM, lib/crypto-box.ts). `balance` is the provider's figure as last seen, in minor units.
 */
export const gameAccounts = pgTable(
  'game_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    game: text('game').notNull(),
    /** agent-prefixed, generated: `wl{memberId}{suffix}` */
    username: text('username').notNull(),
    passwordEnc: text('password_enc').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    balanceUpdatedAt: timestamp('balance_updated_at', { withTimezone: true }),
    /**
     * What orders two readings of `balance` (ADR 0024): the provider's balance version when it sends one, else the
     * time we sent the call that read it. Only a newer reading replaces the stored one.
     */
    balanceVersion: bigint('balance_version', { mode: 'bigint' }),
    balanceAskedAt: timestamp('balance_asked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * `pending` while the player is being created at the provider (the row is reserved before calling out, so
     * concurrent activations make one createPlayer call), `active` once the provider took it.
     */
    status: text('status').notNull().default('active'),
  },
  (t) => [
    uniqueIndex('game_accounts_member_game_uq').on(t.memberId, t.game),
    check('game_accounts_status_ck', sql`${t.status} in ('pending', 'active')`),
    uniqueIndex('game_accounts_game_username_uq').on(t.game, t.username),
  ],
);
