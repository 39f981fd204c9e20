import type { ModuleFactory } from '../http/handlers.ts';
import { idempotencyModule } from '../http/idempotency.ts';
import { accountModule } from '../modules/account/account.routes.ts';
import { demoModule } from './demo.ts';
import { gamesModule } from '../modules/game-transfers/game-transfers.routes.ts';
import { lookupModule } from '../modules/content/content.routes.ts';
import { sandboxModule } from './sandbox.ts';
import { statementModule } from '../modules/statement/statement.routes.ts';

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
