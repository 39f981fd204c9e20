// The public face of the settings module (the typed settings store). Its routes and the setting-change executor of
// the approvals queue are wired by settings.module.ts (docs/decisions/0028-module-seams.md).
export {
  SettingsService,
  UNWATCHED_MAX_AGE_MS,
  type SettingKey,
  type ContentTranslations,
  type LocalizedContent,
  type SettingValues,
} from './settings.service.ts';
export { walletAmounts } from './wallet-amounts.ts';
