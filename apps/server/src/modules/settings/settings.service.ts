import { eq, sql } from 'drizzle-orm';
import type { DepositLookup, Info, Contact } from '@wallet/contract/lookup';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/core.ts';

/** The operator's text in Lao or English; anything missing falls back to the Thai settings. */
export type LocalizedContent = {
  agreements?: string[];
  conditions?: string[];
  contactText?: string;
  notice?: string;
  /** how-to clips recorded in this language */
  videos?: Info['videos'];
};
export type ContentTranslations = { la?: LocalizedContent; en?: LocalizedContent };

/** Every operator setting with its type. Values live in the `settings` table as JSON. */
export type SettingValues = {
  siteStatus: 'active' | 'terminated';
  registerOTP: boolean;
  enableChatWidget: boolean;
  /** baht */
  withdrawMin: number;
  withdrawMax: number;
  minDeposit: number;
  slipWindow: { closeFrom: string; closeTo: string; maxAgeMinutes: number };
  deposit: Omit<DepositLookup, 'minDeposit'>;
  info: Info;
  contact: Contact;
  agreements: string[];
  conditions: string[];
  notice: string;
  /** the Lao and English forms of agreements, conditions, contact text, notice and how-to videos (Thai is the base) */
  contentTranslations: ContentTranslations;
  chatPrefix: string;
  /** spin coins earned per 100 baht deposited */
  coinsPerHundred: number;
};
export type SettingKey = keyof SettingValues;

const CACHE_TTL_MS = 2000;

/** Reads and writes settings; reads are cached briefly because every /api request checks the site status. */
export class SettingsService {
  private readonly cache = new Map<SettingKey, { value: unknown; at: number }>();

  constructor(private readonly db: Db) {}

  async get<K extends SettingKey>(key: K): Promise<SettingValues[K]> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value as SettingValues[K];
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    if (!row) throw new Error(`setting ${key} is not seeded`);
    this.cache.set(key, { value: row.value, at: Date.now() });
    return row.value as SettingValues[K];
  }

  async set<K extends SettingKey>(key: K, value: SettingValues[K]): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    this.cache.delete(key);
  }

  /** Insert a value only when the key is absent (seeding never overwrites an operator's change). */
  async setDefault<K extends SettingKey>(key: K, value: SettingValues[K]): Promise<void> {
    await this.db.insert(settings).values({ key, value }).onConflictDoNothing();
  }

  invalidate(): void {
    this.cache.clear();
  }
}
