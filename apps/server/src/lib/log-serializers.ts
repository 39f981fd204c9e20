/**
 * The `err` serializer of every log line (docs/decisions/0016-hostile-input.md): an error is logged by an allowlist
 * of fields, so the SQL parameters drizzle puts on a failed query (password hashes, bank numbers) and the `detail`
 * PostgreSQL adds (the offending key's value) never reach the logs.
 */
export type SerializedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: SerializedError;
};

/** Cut drizzle's `\nparams: …` tail (the query's values). */
export function scrubErrorText(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}

/** PostgreSQL quotes the values it refuses (`value "0812345678" is out of range`): a database error loses them all. */
function scrubDatabaseText(text: string): string {
  return scrubErrorText(text).replace(/"(?:[^"\\]|\\.)*"/g, '"…"');
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) return { type: typeof value, message: '[non-error value]', stack: '' };
  const err = value as Error & { code?: unknown; statusCode?: unknown };
  const scrub = typeof err.code === 'string' && SQLSTATE.test(err.code) ? scrubDatabaseText : scrubErrorText;
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message: scrub(err.message),
    stack: scrub(err.stack ?? ''),
  };
  if (typeof err.code === 'string') out.code = err.code;
  if (typeof err.statusCode === 'number') out.statusCode = err.statusCode;
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
