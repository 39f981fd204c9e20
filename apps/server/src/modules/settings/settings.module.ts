// The wiring of the settings module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in settings.api.ts.
export { settingApprovals, settingsModule } from './settings.routes.ts';
