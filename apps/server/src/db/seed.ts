import { sql } from 'drizzle-orm';
import type { Config } from '../config/env.ts';
import { SettingsService, type SettingKey } from '../modules/settings/settings.api.ts';
import type { Db } from './client.ts';
import { banks, sources } from './schema/content.ts';
import { defaultSettings, LAO_BANKS, THAI_BANKS } from './seed-data.ts';
import { BANK_NAMES_LA, SOURCES } from './seed-translations.ts';

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
        nameLA: BANK_NAMES_LA[b.code] ?? null,
        country: config.variant === 'la' ? 'LA' : 'TH',
        accountDigitsMin: b.digits[0],
        accountDigitsMax: b.digits[1],
        requiresEnglishName: b.english ?? false,
        sortOrder: i,
      })),
    )
    // an older database gains the Lao names; an operator's own names stay
    .onConflictDoUpdate({ target: banks.code, set: { nameLA: sql`coalesce(${banks.nameLA}, excluded.name_la)` } });
  await db
    .insert(sources)
    .values(SOURCES.map((s, i) => ({ ...s, sortOrder: i })))
    .onConflictDoUpdate({
      target: sources.code,
      set: {
        descriptionLA: sql`coalesce(${sources.descriptionLA}, excluded.description_la)`,
        descriptionEN: sql`coalesce(${sources.descriptionEN}, excluded.description_en)`,
      },
    });
  const service = new SettingsService(db);
  const defaults = defaultSettings(config.variant);
  for (const key of Object.keys(defaults) as SettingKey[]) {
    await service.setDefault(key, defaults[key] as never);
  }
  for (const step of steps) await step({ db, config });
  await db.execute(sql`select 1`);
}
