import { sql } from 'drizzle-orm';
import type { Config } from '../config/env.ts';
import { SettingsService, type SettingKey } from '../modules/settings/settings.api.ts';
import type { Db } from './client.ts';
import { banks, sources } from './schema/core.ts';
import { defaultSettings, LAO_BANKS, SOURCES, THAI_BANKS } from './seed-data.ts';

/** A step of the seed that another module contributes (demo member, games, ledger opening balance...). */
export type SeedStep = (ctx: { db: Db; config: Config }) => Promise<void>;

/** Idempotent: safe at every boot; never overwrites what an operator changed. */
export async function seed(db: Db, config: Config, steps: SeedStep[] = []): Promise<void> {
  const bankSeed = config.variant === 'la' ? LAO_BANKS : THAI_BANKS;
  await db
    .insert(banks)
    .values(
      bankSeed.map((b, i) => ({
        code: b.code,
        clearingCode: b.clearingCode,
        nameTH: b.nameTH,
        nameEN: b.nameEN,
        country: config.variant === 'la' ? 'LA' : 'TH',
        accountDigitsMin: b.digits[0],
        accountDigitsMax: b.digits[1],
        requiresEnglishName: b.english ?? false,
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(sources)
    .values(SOURCES.map((s, i) => ({ ...s, sortOrder: i })))
    .onConflictDoNothing();
  const service = new SettingsService(db);
  const defaults = defaultSettings(config.variant);
  for (const key of Object.keys(defaults) as SettingKey[]) {
    await service.setDefault(key, defaults[key] as never);
  }
  for (const step of steps) await step({ db, config });
  await db.execute(sql`select 1`);
}
