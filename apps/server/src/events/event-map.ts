import { z } from 'zod';

const memberId = z.number().int().positive();
/** money crosses events as integer minor units in a string (JSON has no bigint) */
const minor = z.string().regex(/^-?\d+$/);

/**
 * The domain events (docs/design.md §9.2): the type names and their payload schemas. A payload is checked when it is
 * emitted and again when it is delivered, so a subscriber always receives what its type says.
 */
const EVENT_SCHEMAS = {
  /** a ledger transaction was written (not on an idempotent replay) */
  'ledger.posted': z.object({
    transactionId: z.string(),
    kind: z.string(),
    currency: z.string(),
    /** the transaction's member and the members whose wallet accounts it touched */
    memberIds: z.array(memberId),
  }),
  /** a game account's balance changed: a transfer to or from it settled (the provider applied it) */
  'game.balanceChanged': z.object({
    memberId,
    game: z.string(),
    transferId: z.string(),
    direction: z.enum(['to_game', 'from_game']),
    /** minor units the game balance moved by (negative for from_game) */
    amount: minor,
  }),
  'member.updated': z.object({ memberId, fields: z.array(z.string()) }),
  'member.registered': z.object({ memberId }),
  /** one session (`sessionId`) or all of a member's sessions (`sessionId: null`) were revoked */
  'session.revoked': z.object({ memberId, sessionId: z.string().nullable(), reason: z.string() }),
  'settings.updated': z.object({ keys: z.array(z.string()).min(1) }),
  'deposit.credited': z.object({
    memberId,
    depositId: z.string(),
    amount: minor,
    currency: z.string(),
    /** qr, slip, truewallet, manual (absent on events written before it was added) */
    channel: z.string().optional(),
  }),
  /** the bonus chosen for a deposit was claimed with its credit, or skipped (reason: an error code, HELD_FOR_REVIEW) */
  'deposit.bonus': z.object({
    memberId,
    depositId: z.string(),
    code: z.string(),
    status: z.enum(['claimed', 'skipped']),
    reason: z.string().nullable(),
    amount: minor,
  }),
  /** a slip the member uploaded was refused (reason: the slip failure code, SLIP_REFNO_DUPLICATED…) */
  'slip.refused': z.object({ memberId, slipId: z.string(), reason: z.string() }),
  /** a wheel spin won a coupon for the member to claim before `expiresAt` */
  'coupon.won': z.object({
    memberId,
    couponId: z.string(),
    prizeType: z.string(),
    amount: minor,
    currency: z.string(),
    expiresAt: z.string(),
  }),
  /** a ledger check run (nightly or an operator's) found problems: operators are alerted */
  'reconciliation.mismatch': z.object({ runId: z.number().int(), trigger: z.string(), problemCount: z.number().int() }),
  'withdrawal.changed': z.object({ memberId, withdrawalId: z.string(), status: z.string() }),
  'condition.changed': z.object({ memberId, conditionId: z.string(), status: z.string() }),
  'chat.message': z.object({ conversationId: z.string(), messageId: z.string(), from: z.string() }),
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;

/**
 * The outbox relay's lanes (ADR 0010): each lane claims and delivers its own events, so a backlog in one never holds
 * up the other. `bulk` carries the events that come with every money move (a ledger posting, a game transfer's
 * settlement, a registration); `live` the few a person is waiting for: a deposit's credit, a chat message, a
 * withdrawal's status, a revoked session, a setting an operator just saved.
 */
const EVENT_LANES = {
  'ledger.posted': 'bulk',
  'game.balanceChanged': 'bulk',
  'member.updated': 'live',
  'member.registered': 'bulk',
  'session.revoked': 'live',
  'settings.updated': 'live',
  'deposit.credited': 'live',
  'deposit.bonus': 'live',
  'slip.refused': 'live',
  'coupon.won': 'live',
  'reconciliation.mismatch': 'live',
  'withdrawal.changed': 'live',
  'condition.changed': 'live',
  'chat.message': 'live',
} as const satisfies Record<EventType, 'live' | 'bulk'>;

export type EventLane = (typeof EVENT_LANES)[EventType];

/** The event types of one lane. */
export function eventsOfLane(lane: EventLane): EventType[] {
  return (Object.keys(EVENT_LANES) as EventType[]).filter((type) => EVENT_LANES[type] === lane);
}
export type EventPayload<K extends EventType> = z.infer<(typeof EVENT_SCHEMAS)[K]>;
/** `{ type: 'ledger.posted', payload: {...} }` for every event type */
export type DomainEvent = { [K in EventType]: { type: K; payload: EventPayload<K> } }[EventType];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_SCHEMAS, type);
}

/** Parse a payload for its type; throws a ZodError naming the type when it does not fit. */
export function parseEvent<K extends EventType>(type: K, payload: unknown): EventPayload<K> {
  const parsed = EVENT_SCHEMAS[type].safeParse(payload);
  if (!parsed.success) throw new Error(`event ${type}: bad payload: ${z.prettifyError(parsed.error)}`);
  return parsed.data as EventPayload<K>;
}
