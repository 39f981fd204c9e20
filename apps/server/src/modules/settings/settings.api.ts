import type { ModuleFactory } from '../../http/handlers.ts';
import { settingsSubscribers } from './settings.service.ts';

// The public face of the settings module (the typed settings store).
export {
  parseInput,
  SETTINGS_TOPIC,
  SettingsService,
  UNWATCHED_MAX_AGE_MS,
  type SettingKey,
  type SettingsOptions,
  type ContentTranslations,
  type LocalizedContent,
  type SettingValues,
} from './settings.service.ts';

/** The settings' event subscribers (the store itself is `ctx.settings`, built before the modules). */
export const settingsEventsModule: ModuleFactory = (ctx) => ({
  name: 'settings-events',
  subscribers: settingsSubscribers(ctx.settings),
});
