import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgErrorCode } from '../db/pg-error.ts';
import { AppError } from '../errors.ts';

/** Text PostgreSQL cannot store (U+0000, invalid encoding): bad input, not a server fault. */
const BAD_TEXT_SQLSTATES = new Set(['22021', '22P05']);

/** One mapping from failures to `{message: CODE}`; internals never reach the client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // a catalogue 5xx is still our failure (a store down...): keep what caused it in the log
      if (error.status >= 500 && error.cause !== undefined)
        request.log.error({ err: error.cause }, `failed with ${error.code}`);
      return reply.status(error.status).send({ message: error.code, ...error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error) || (error as FastifyError).validation) {
      // an amount with a third decimal is refused by name (contract MoneySchema), so the forms can say the same
      const issues = (error as FastifyError).validation ?? [];
      if (issues.length > 0 && issues.every((issue) => issue.message === 'AMOUNT_DECIMALS')) {
        return reply.status(400).send({ message: 'AMOUNT_DECIMALS' });
      }
      return reply.status(400).send({ message: 'KEY_INVALID' });
    }
    if (BAD_TEXT_SQLSTATES.has(pgErrorCode(error) ?? '')) return reply.status(400).send({ message: 'KEY_INVALID' });
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: 'REQUEST_LIMIT' });
    if (status === 413) return reply.status(413).send({ message: 'KEY_INVALID' });
    if (status >= 400 && status < 500) {
      // malformed JSON, wrong content type, empty body...
      return reply.status(400).send({ message: 'KEY_INVALID' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'INTERNAL_SERVER_ERROR' });
  });
}
