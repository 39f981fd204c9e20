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
export { settingApprovals, settingsModule } from './settings.routes.ts';
