import {
  isSettingKey,
  SETTINGS,
  type SettingInput,
  type SettingKey,
  type SettingValue,
  type SettingValues,
} from '@wallet/contract/settings';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import { MemoryChangeBus, type ChangeBus } from '../../lib/change-bus.ts';

export type { ContentTranslations, LocalizedContent } from '@wallet/contract/settings';
export type { SettingKey, SettingValues };

/** The bus topic whose messages are setting keys that changed. */
const SETTINGS_TOPIC = 'settings';
/** How long a cached value is trusted while change notices cannot be relied on (Redis down, or none configured). */
export const UNWATCHED_MAX_AGE_MS = 2000;

export type SettingsOptions = {
  /** carries "key changed" to the other processes; default: this process only */
  bus?: ChangeBus;
  /**
   * Longest a cached value is trusted while the bus is live: unbounded with one process (PGlite) or with Redis
   * notices, UNWATCHED_MAX_AGE_MS for several processes on PostgreSQL without Redis.
   */
  maxAgeMs?: number;
  onError?: (err: unknown) => void;
};

type Entry = { value: unknown; at: number };

/**
 * The typed settings store (docs/design.md §9.1 `settings`). Every value is parsed with its contract schema on write
 * (a bad one is refused with KEY_INVALID) and on read; reads are cached per process and dropped when any
 * process changes the key (`invalidate`, the one entry point the `settings.updated` event can call).
 */
export class SettingsService {
  private readonly cache = new Map<SettingKey, Entry>();
  /** bumped on every invalidation, so a read that started before a change never caches the old value */
  private readonly generations = new Map<SettingKey, number>();
  private readonly bus: ChangeBus;
  private readonly maxAgeMs: number;
  private readonly onError: (err: unknown) => void;

  constructor(
    private readonly db: Db,
    options: SettingsOptions = {},
  ) {
    this.bus = options.bus ?? new MemoryChangeBus();
    this.maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
    this.onError = options.onError ?? (() => undefined);
    this.bus.subscribe(SETTINGS_TOPIC, (key) => (isSettingKey(key) ? this.drop(key) : this.dropAll()));
    this.bus.onResync(() => this.dropAll());
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const hit = this.cache.get(key);
    const maxAge = this.bus.live ? this.maxAgeMs : Math.min(this.maxAgeMs, UNWATCHED_MAX_AGE_MS);
    if (hit && Date.now() - hit.at < maxAge) return hit.value as SettingValue<K>;
    const generation = this.generations.get(key) ?? 0;
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    const value = parseStored(key, row?.value);
    if ((this.generations.get(key) ?? 0) === generation) this.cache.set(key, { value, at: Date.now() });
    return value;
  }

  /**
   * Write a setting after parsing it (KEY_INVALID when it does not parse); every process sees it next read. The
   * write emits `settings.updated` in its transaction; the notice goes out at once, and again (durably) when the
   * event is delivered (the settings module's `settings.invalidate` subscriber).
   */
  async set<K extends SettingKey>(key: K, value: SettingInput<K>): Promise<SettingValue<K>> {
    const parsed = parseInput(key, value);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(settings)
        .values({ key, value: parsed })
        .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: sql`now()` } });
      await emit(tx, { type: 'settings.updated', payload: { keys: [key] } });
    });
    await this.invalidate(key);
    return parsed;
  }

  /** Insert a value only when the key is absent (seeding never overwrites an operator's change). */
  async setDefault<K extends SettingKey>(key: K, value: SettingInput<K>): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value: parseInput(key, value) })
      .onConflictDoNothing();
  }

  /**
   * A key changed (here or, through a `settings.updated` subscriber, anywhere): forget it in this process and
   * tell the others. A lost notice only delays them by their max age.
   */
  async invalidate(key: SettingKey): Promise<void> {
    this.drop(key);
    try {
      await this.bus.publish(SETTINGS_TOPIC, key);
    } catch (err) {
      this.onError(err);
    }
  }

  private drop(key: SettingKey): void {
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.cache.delete(key);
  }

  private dropAll(): void {
    for (const key of Object.keys(SETTINGS) as SettingKey[]) this.drop(key);
  }
}

/** A value from the caller: KEY_INVALID unless the key exists and the whole value parses. */
export function parseInput<K extends SettingKey>(key: K, value: unknown): SettingValue<K> {
  if (!isSettingKey(key) || value === undefined) throw new AppError('KEY_INVALID');
  const parsed = SETTINGS[key].safeParse(value);
  if (!parsed.success) throw new AppError('KEY_INVALID');
  return parsed.data as SettingValue<K>;
}

/** A value from the table (absent = the key's default): one that no longer parses is a bug to see, not to serve. */
function parseStored<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  const parsed = SETTINGS[key].safeParse(stored ?? undefined);
  if (parsed.success) return parsed.data as SettingValue<K>;
  throw new Error(stored === undefined ? `setting ${key} is not seeded` : `setting ${key} holds an invalid value`);
}
