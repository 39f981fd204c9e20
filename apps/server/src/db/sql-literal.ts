// Values written into SQL text as literals, for a script sent without bind parameters: the money moves' one round
// trip (docs/decisions/0051-one-round-trip-money-moves.md). Every value passes through `sqlLiteral`; nothing else
// writes a value into SQL text. The script is built from drizzle `sql` templates (`inlineSql`), so the builders stay
// the parameterised ones the rest of the server runs.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** A value that cannot be written as a literal (NUL, a lone surrogate, an array…): refused, never sent. */
export class UnsafeLiteral extends Error {
  constructor(reason: string) {
    super(`sql literal: ${reason}`);
    this.name = 'UnsafeLiteral';
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function quoteString(text: string): string {
  // PostgreSQL text cannot hold NUL; a lone UTF-16 surrogate has no UTF-8 form
  if (text.includes('\0')) throw new UnsafeLiteral('NUL in a string');
  if (LONE_SURROGATE.test(text)) throw new UnsafeLiteral('a lone surrogate in a string');
  const quoted = text.replaceAll("'", "''");
  // an E'' string reads backslashes the same whatever standard_conforming_strings says
  return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/**
 * One value as an SQL literal: null, booleans, integers (bigint or a safe number), finite numbers, strings (quotes
 * doubled, backslashes escaped in an E'' string; NUL refused), dates (ISO 8601 UTC), plain objects (their JSON as a
 * string). A negative number is parenthesised (`- -1` must never become the comment `--1`). Literals of strings,
 * dates and JSON are untyped: the statement's cast or context types them, as a bind parameter would be.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : `${value}`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UnsafeLiteral(`the number ${value}`);
    return value < 0 ? `(${value})` : `${value}`;
  }
  if (typeof value === 'string') return quoteString(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new UnsafeLiteral('an invalid date');
    return quoteString(value.toISOString());
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return quoteString(JSON.stringify(value));
  }
  throw new UnsafeLiteral(`a value of type ${Array.isArray(value) ? 'array' : typeof value}`);
}

/**
 * Replace the `$n` placeholders of `text` by `values[n - 1]` as literals, outside quoted strings, quoted identifiers,
 * dollar-quoted bodies and comments (where a `$1` is text, not a placeholder).
 */
export function inlinePlaceholders(text: string, values: readonly unknown[]): string {
  let out = '';
  let i = 0;
  const copyUntil = (end: number) => {
    out += text.slice(i, end);
    i = end;
  };
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "'" || ch === '"') {
      const escapes = ch === "'" && /[eE]/.test(text[i - 1] ?? '') && !/\w/.test(text[i - 2] ?? '');
      let j = i + 1;
      for (; j < text.length; j++) {
        if (escapes && text[j] === '\\') j++;
        else if (text[j] === ch) {
          if (text[j + 1] === ch) j++;
          else break;
        }
      }
      copyUntil(Math.min(j + 1, text.length));
    } else if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      copyUntil(end === -1 ? text.length : end);
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      copyUntil(end === -1 ? text.length : end + 2);
    } else if (ch === '$' && next !== undefined && /\d/.test(next)) {
      const digits = /^\$(\d+)/.exec(text.slice(i))?.[1] ?? '';
      const index = Number(digits);
      if (index < 1 || index > values.length) throw new UnsafeLiteral(`no value for $${digits}`);
      out += sqlLiteral(values[index - 1]);
      i += 1 + digits.length;
    } else if (ch === '$' && !/\w/.test(text[i - 1] ?? '')) {
      const tag = /^\$[A-Za-z_]\w*\$|^\$\$/.exec(text.slice(i))?.[0];
      if (!tag) {
        copyUntil(i + 1);
        continue;
      }
      const end = text.indexOf(tag, i + tag.length);
      copyUntil(end === -1 ? text.length : end + tag.length);
    } else {
      copyUntil(i + 1);
    }
  }
  return out;
}

const dialect = new PgDialect();

/** A drizzle `sql` template as SQL text with every parameter written as a literal (`sqlLiteral`). */
export function inlineSql(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return inlinePlaceholders(text, params);
}
