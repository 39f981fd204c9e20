import { z } from 'zod';
import { MoneySchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

// Responsible play: a member's own limits and breaks (docs/responsible-play.md, docs/decisions/0039).

export const LIMIT_KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'reality_check',
] as const;
export const LimitKindSchema = z.enum(LIMIT_KINDS);
export type LimitKind = z.infer<typeof LimitKindSchema>;

/** the reality check's bounds, in minutes */
export const REALITY_CHECK_MINUTES = { min: 10, max: 240 } as const;
/** cooling-off: 1 day to 6 weeks; self-exclusion: 6 months to 5 years */
export const BREAK_BOUNDS = { coolingOffDays: { min: 1, max: 42 }, selfExclusionMonths: { min: 6, max: 60 } } as const;

/** money limits in baht/kip (2 decimals), the reality check in whole minutes; null = none */
const LimitValueSchema = MoneySchema.refine((n) => n > 0, { message: 'must be positive' }).nullable();

export const LimitViewSchema = z.object({
  kind: LimitKindSchema,
  value: z.number().nullable(),
  /** a looser value waiting its 24 h, with the time it applies */
  pending: z.object({ value: z.number().nullable(), effectiveAt: z.string() }).nullable(),
  /** what the period has used so far (money limits only) */
  used: z.number().nullable(),
});
export const BreakViewSchema = z.object({ kind: z.enum(['cooling_off', 'self_exclusion']), until: z.string() });
export const ResponsiblePlaySchema = z.object({
  limits: z.array(LimitViewSchema),
  break: BreakViewSchema.nullable(),
});
export type ResponsiblePlay = z.infer<typeof ResponsiblePlaySchema>;
export type LimitView = z.infer<typeof LimitViewSchema>;

export const SetLimitSchema = z.object({ kind: LimitKindSchema, value: LimitValueSchema });
export type SetLimit = z.infer<typeof SetLimitSchema>;
export const StartBreakSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cooling_off'),
    days: z.number().int().min(BREAK_BOUNDS.coolingOffDays.min).max(BREAK_BOUNDS.coolingOffDays.max),
  }),
  z.object({
    kind: z.literal('self_exclusion'),
    months: z.number().int().min(BREAK_BOUNDS.selfExclusionMonths.min).max(BREAK_BOUNDS.selfExclusionMonths.max),
  }),
]);
export type StartBreak = z.infer<typeof StartBreakSchema>;

/**
 * The reality check's figures for the signed-in session (docs/responsible-play.md §6): when it began and the server's
 * time now (the player counts from these, not from its own clock, so a reload keeps the count), the reminder interval
 * in minutes (null: none set), and the money moved into games and back out since the session began; `net` is back
 * minus into (negative: lost).
 */
export const RealityCheckSchema = z.object({
  startedAt: z.string(),
  now: z.string(),
  minutes: z.number().int().nullable(),
  /** the wallet's currency, as the amounts are shown */
  currency: z.string(),
  toGames: MoneySchema,
  fromGames: MoneySchema,
  /** signed: a loss is below 0 */
  net: z.number().finite(),
});
export type RealityCheck = z.infer<typeof RealityCheckSchema>;

export const responsiblePlayEndpoints = {
  session: defineEndpoint({
    method: 'GET',
    path: '/api/responsible-play/session',
    access: 'member',
    response: RealityCheckSchema,
    summary: 'The reality check: this session’s start, the reminder interval and the money into games and back since',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/responsible-play',
    access: 'member',
    response: ResponsiblePlaySchema,
    summary: 'My limits, pending changes, what each period used, and a running break',
  }),
  setLimit: defineEndpoint({
    method: 'POST',
    path: '/api/responsible-play/limit',
    access: 'member',
    body: SetLimitSchema,
    response: ResponsiblePlaySchema,
    summary: 'Set a limit: tighter applies at once, looser (or none) after 24 h',
  }),
  startBreak: defineEndpoint({
    method: 'POST',
    path: '/api/responsible-play/break',
    access: 'member',
    body: StartBreakSchema,
    response: ResponsiblePlaySchema,
    summary: 'Start a cooling-off or a self-exclusion (cannot be ended early)',
  }),
};
