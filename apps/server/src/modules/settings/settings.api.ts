// The public face of the settings module (the typed settings store).
export { SettingsService, type SettingKey, type SettingValues } from './settings.service.ts';
