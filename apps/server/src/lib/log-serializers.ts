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

/** Cut drizzle's `\nparams: …` tail, and quoted input values PostgreSQL echoes (`…integer: "abc"`). */
export function scrubErrorText(text: string): string {
  const cut = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  return cut.replace(/: "(?:[^"\\]|\\.)*"/g, ': "[redacted]"');
}

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) return { type: typeof value, message: '[non-error value]', stack: '' };
  const err = value as Error & { code?: unknown; statusCode?: unknown };
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message: scrubErrorText(err.message),
    stack: scrubErrorText(err.stack ?? ''),
  };
  if (typeof err.code === 'string') out.code = err.code;
  if (typeof err.statusCode === 'number') out.statusCode = err.statusCode;
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
