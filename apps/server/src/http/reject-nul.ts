import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Deeper than any schema of the contract: refused without walking further. */
const MAX_DEPTH = 32;

/** True when a value holds U+0000 in any string or key (or nests deeper than MAX_DEPTH). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return true;
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * No request string may carry U+0000 (docs/decisions/0016-hostile-input.md): PostgreSQL refuses it in text, so one
 * hook turns it into KEY_INVALID before any handler or query sees it — body, path parameters and query string.
 */
export function rejectNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError('KEY_INVALID');
    }
  });
}
