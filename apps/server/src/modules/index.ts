import type { ModuleFactory } from '../http/handlers.ts';
import { demoModule } from './demo.ts';
import { lookupModule } from './lookup/lookup.routes.ts';

/** Every feature module, in registration order. Each issue adds its module here. */
export const modules: ModuleFactory[] = [lookupModule, demoModule];
