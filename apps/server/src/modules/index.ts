import type { ModuleFactory } from '../http/handlers.ts';
import { idempotencyModule } from '../http/idempotency.ts';
import { accountModule } from './account/account.routes.ts';
import { demoModule } from './demo.ts';
import { gamesModule } from './games/games.routes.ts';
import { lookupModule } from './lookup/lookup.routes.ts';
import { sandboxModule } from './sandbox.ts';
import { statementModule } from './statement/statement.routes.ts';

/** Every feature module, in registration order. Each issue adds its module here. */
export const modules: ModuleFactory[] = [
  lookupModule,
  accountModule,
  demoModule,
  gamesModule,
  sandboxModule,
  statementModule,
  idempotencyModule,
];
