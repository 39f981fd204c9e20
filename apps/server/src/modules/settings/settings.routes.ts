import { isFourEyesSetting } from '@wallet/contract/admin/settings';
import { SETTING_KEYS, SETTINGS, type SettingKey } from '@wallet/contract/settings';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';
import { emit } from '../../events/emit.ts';
import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import type { AuthOperator } from '../auth/auth.api.ts';
import {
  approvalView,
  ApprovalsService,
  type ApprovalExecutor,
  type ApprovalExecutorFactory,
} from '../approvals/approvals.api.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { AppError } from '../../errors.ts';
import { SETTING_DESCRIPTORS } from './settings-descriptors.ts';
import { parseInput } from './settings.service.ts';

/**
 * Write one setting for an operator: parse it with its schema (KEY_INVALID otherwise), then in ONE transaction
 * store it, append the audit row (before → after) and emit `settings.updated` through the outbox. After the commit
 * this process forgets its cached value and tells the others over the change bus (Redis: at once; without Redis
 * their cache lives at most UNWATCHED_MAX_AGE_MS); the event's subscriber repeats that from whichever process relays
 * it, so a lost bus notice is caught too.
 */
async function updateSetting(
  ctx: AppContext,
  actor: AuthOperator,
  key: SettingKey,
  value: unknown,
  meta: { ip: string | null },
): Promise<unknown> {
  const parsed = parseInput(key, value);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
    await tx
      .insert(settings)
      .values({ key, value: parsed })
      .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: sql`now()` } });
    const entry = { actor, action: 'settings.update', target: `setting:${key}`, ip: meta.ip };
    await appendAudit(tx, { ...entry, before: row?.value ?? null, after: parsed }, ctx.clock.now());
    await emit(tx, { type: 'settings.updated', payload: { keys: [key] } });
  });
  await ctx.settings.invalidate(key);
  return parsed;
}

type Meta = { ip: string | null };
const settingTarget = (key: SettingKey) => `setting:${key}`;

/** A JSON value with its object keys sorted (jsonb does not keep the order it was given). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The value a key holds in this transaction (its default when unset), locked until it ends. */
async function lockedValue(tx: Tx, key: SettingKey): Promise<unknown> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
  if (row) return row.value;
  const fallback = SETTINGS[key].safeParse(undefined);
  return fallback.success ? fallback.data : null;
}

/**
 * A money-critical key (ADR 0022): the parsed change waits for a second admin as a pending request holding the
 * diff (before → after); one per key at a time (APPROVAL_PENDING). The value itself does not change yet.
 */
async function requestSettingChange(
  ctx: AppContext,
  approvals: ApprovalsService,
  actor: AuthOperator,
  key: SettingKey,
  value: unknown,
  meta: Meta,
) {
  const parsed = parseInput(key, value);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedValue(tx, key);
    if (canonical(before) === canonical(parsed)) return null;
    return approvals.open(
      tx,
      actor,
      { kind: 'setting', target: settingTarget(key), payload: { key, before, after: parsed }, role: 'admin' },
      'pending',
      meta,
    );
  });
}

/**
 * The approvals queue's executor for settings: the second admin's approval writes the value the first asked for,
 * unless the key changed meanwhile (APPROVAL_STALE: the diff they saw is no longer true), audited with both names.
 */
function settingExecutor(ctx: AppContext): ApprovalExecutor {
  return {
    kind: 'setting',
    execute: async (tx, approval, approver, meta) => {
      const { key, before, after } = approval.payload as { key: SettingKey; before: unknown; after: unknown };
      const current = await lockedValue(tx, key);
      if (canonical(current) !== canonical(before)) throw new AppError('APPROVAL_STALE');
      const parsed = parseInput(key, after);
      await tx
        .insert(settings)
        .values({ key, value: parsed })
        .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: sql`now()` } });
      await appendAudit(
        tx,
        {
          actor: { id: approver.id, username: approver.username },
          action: 'settings.update',
          target: settingTarget(key),
          before: current,
          after: { value: parsed, requestedBy: approval.requestedBy, approvedBy: approver.username },
          ip: meta.ip,
        },
        ctx.clock.now(),
      );
      await emit(tx, { type: 'settings.updated', payload: { keys: [key] } });
    },
    committed: async (approval) => {
      await ctx.settings.invalidate((approval.payload as { key: SettingKey }).key);
    },
  };
}

/** What approving a money-critical setting change in the approvals queue does. */
export const settingApprovals: ApprovalExecutorFactory = settingExecutor;

/** The settings store for operators holding `admin`, and the `settings.updated` subscriber. */
export const settingsModule: ModuleFactory = (ctx) => {
  const approvals = new ApprovalsService({ db: ctx.db, clock: ctx.clock, settings: ctx.settings });
  return {
    name: 'settings',
    handlers: {
      'admin.settings.list': async () => {
        const pending = new Map(
          (await approvals.pendingOn(SETTING_KEYS.map(settingTarget))).map((a) => [a.target, approvalView(a)]),
        );
        return {
          settings: await Promise.all(
            SETTING_KEYS.map(async (key) => ({
              key,
              // an unseeded key without a default (a fresh database before its seed) reads as null, not a 500
              value: await ctx.settings.get(key).catch(() => null),
              pending: pending.get(settingTarget(key)) ?? null,
              group: SETTING_DESCRIPTORS[key].group,
              units: SETTING_DESCRIPTORS[key].units ?? {},
            })),
          ),
        };
      },
      'admin.settings.update': async ({ operator, params, body, request }) => {
        const meta = { ip: request.ip };
        if (!isFourEyesSetting(params.key))
          return {
            key: params.key,
            value: await updateSetting(ctx, operator, params.key, body.value, meta),
            pending: null,
          };
        const pending = await requestSettingChange(ctx, approvals, operator, params.key, body.value, meta);
        return {
          key: params.key,
          value: await ctx.settings.get(params.key),
          pending: pending ? approvalView(pending) : null,
        };
      },
    },
    subscribers: [
      subscribe('settings.updated', 'settings.invalidate', async ({ keys }) => {
        for (const key of keys)
          if ((SETTING_KEYS as string[]).includes(key)) await ctx.settings.invalidate(key as SettingKey);
      }),
    ],
  };
};
