// The public face of the notify module (LINE notifications, docs/decisions/0041-line-notifications.md). Nothing in it
// is called by another module: notify hears the others through their outbox events; its routes, webhook, job and
// subscribers are wired by notify.module.ts (docs/decisions/0028-module-seams.md).
export {};
