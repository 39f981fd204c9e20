// The public face of the settings module (the typed settings store).
export {
  SettingsService,
  type ContentTranslations,
  type LocalizedContent,
  type SettingKey,
  type SettingValues,
} from './settings.service.ts';
