import { SETTING_KEYS, type SettingKey } from '@wallet/contract/settings';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { settings } from '../../db/schema/core.ts';
import { emit } from '../../events/emit.ts';
import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import type { AuthOperator } from '../auth/auth.api.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { parseInput } from './settings.service.ts';

/**
 * Write one setting for an operator: parse it with its schema (KEY_INVALID otherwise), then in ONE transaction
 * store it, append the audit row (before → after) and emit `settings.updated` through the outbox. After the commit
 * this process forgets its cached value and tells the others over the change bus (Redis: at once; without Redis
 * their cache lives at most UNWATCHED_MAX_AGE_MS); the event's subscriber repeats that from whichever process relays
 * it, so a lost bus notice is caught too.
 */
export async function updateSetting(
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

/** The settings store for operators holding `admin`, and the `settings.updated` subscriber. */
export const settingsModule: ModuleFactory = (ctx) => ({
  name: 'settings',
  handlers: {
    'admin.settings.list': async () => ({
      settings: await Promise.all(
        SETTING_KEYS.map(async (key) => ({
          key,
          // an unseeded key without a default (a fresh database before its seed) reads as null, not a 500
          value: await ctx.settings.get(key).catch(() => null),
        })),
      ),
    }),
    'admin.settings.update': async ({ operator, params, body, request }) => ({
      key: params.key,
      value: await updateSetting(ctx, operator, params.key, body.value, { ip: request.ip }),
    }),
  },
  subscribers: [
    subscribe('settings.updated', 'settings.invalidate', async ({ keys }) => {
      for (const key of keys)
        if ((SETTING_KEYS as string[]).includes(key)) await ctx.settings.invalidate(key as SettingKey);
    }),
  ],
});
