// The wiring of the chat module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in chat.api.ts.
export { chatModule } from './chat.routes.ts';
