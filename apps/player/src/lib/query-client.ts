import { createQueryClient } from '@wallet/web-core/query-client';

/** The player's one query cache (app providers and route guards share it). */
export const queryClient = createQueryClient();
