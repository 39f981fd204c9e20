import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlinePlaceholders, inlineSql, sqlLiteral, UnsafeLiteral } from '../../src/db/sql-literal.ts';

/**
 * The one function that writes values into SQL text (docs/decisions/0051-one-round-trip-money-moves.md): every hostile
 * string comes back from the database exactly as sent, with `standard_conforming_strings` on and off; what cannot be
 * written (NUL, lone surrogates, arrays, non-finite numbers) is refused before anything is sent.
 */
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
});
afterAll(async () => {
  await db.close();
});

const HOSTILE = [
  "'; drop table members; --",
  "it''s",
  'back\\slash',
  "\\'; select 1; --",
  "E'\\x41'",
  '$$ end $$; drop table members; --',
  '$trip_abc$',
  '-- comment',
  '/* open',
  'ไทย ລາວ emoji 🎰 \u200b',
  '\\',
  "'",
  '',
];

describe('sqlLiteral', () => {
  it('writes null, booleans, integers, numbers, dates and JSON', () => {
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral(undefined)).toBe('null');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(false)).toBe('false');
    expect(sqlLiteral(12n)).toBe('12');
    expect(sqlLiteral(-12n)).toBe('(-12)');
    expect(sqlLiteral(9_223_372_036_854_775_807n)).toBe('9223372036854775807');
    expect(sqlLiteral(1.5)).toBe('1.5');
    expect(sqlLiteral(-3)).toBe('(-3)');
    expect(sqlLiteral(new Date('2026-11-28T01:02:03.004Z'))).toBe("'2026-11-28T01:02:03.004Z'");
    expect(sqlLiteral({ a: "o'k" })).toBe(`'{"a":"o''k"}'`);
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'");
  });

  it('refuses what it cannot write', () => {
    for (const value of [
      'a\0b',
      '\uD800',
      'x\uDC00',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      [1],
      new Date('x'),
      () => 1,
    ]) {
      expect(() => sqlLiteral(value)).toThrow(UnsafeLiteral);
    }
    expect(sqlLiteral('🎰')).toBe("'🎰'");
  });

  it('every hostile string comes back exactly, whatever standard_conforming_strings says', async () => {
    for (const conforming of ['on', 'off']) {
      await db.exec(`set standard_conforming_strings = ${conforming}`);
      for (const text of HOSTILE) {
        const res = await db.exec(`select ${sqlLiteral(text)}::text as v, ${sqlLiteral({ text })}::jsonb as j`);
        expect(res[0]?.rows[0]).toEqual({ v: text, j: { text } });
      }
    }
    await db.exec('set standard_conforming_strings = on');
  });

  it('bigint, negative and date literals keep their values in arithmetic and casts', async () => {
    const res = await db.exec(
      `select 10 -${sqlLiteral(-5n)} as a, ${sqlLiteral(-9_223_372_036_854_775_807n)}::bigint::text as b,
        ${sqlLiteral(new Date('2026-11-28T01:02:03.004Z'))}::timestamptz = '2026-11-28 01:02:03.004+00' as c`,
    );
    expect(res[0]?.rows[0]).toEqual({ a: 15, b: '-9223372036854775807', c: true });
  });
});

describe('inlinePlaceholders / inlineSql', () => {
  it('replaces $n outside strings, identifiers, dollar quotes and comments only', () => {
    const text = `select $1, '$1', "$1", $tag$ $1 $tag$, $$ $2 $$, E'\\' $1', -- $1
      $2 /* $1 */`;
    expect(inlinePlaceholders(text, ["o'k", 7n])).toBe(
      `select 'o''k', '$1', "$1", $tag$ $1 $tag$, $$ $2 $$, E'\\' $1', -- $1
      7 /* $1 */`,
    );
    expect(() => inlinePlaceholders('select $3', [1])).toThrow(UnsafeLiteral);
  });

  it('renders a drizzle template with its parameters as literals', async () => {
    for (const text of HOSTILE) {
      const query = inlineSql(sql`select ${text}::text as v, ${42n}::bigint::text as n, ${null}::int as z`);
      expect(query).not.toMatch(/\$\d/);
      const res = await db.exec(query);
      expect(res[0]?.rows[0]).toEqual({ v: text, n: '42', z: null });
    }
  });
});
