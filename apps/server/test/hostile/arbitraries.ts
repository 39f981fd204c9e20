import fc from 'fast-check';
import type { z } from 'zod';

/** Values an attacker sends: NUL, huge strings, wrong types, unicode, money with many decimals, NaN-like text. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'KB\u0000',
    'x'.repeat(10_000),
    '',
    ' ',
    'NaN',
    'Infinity',
    '-1',
    '1e-9',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '𝕏😀\u202e\ufeff',
    '١٢٣٤٥٦٧٨٩٠',
    '__proto__',
    null,
    true,
    [],
    {},
    -1,
    0,
    -0,
    0.999999999,
    1e-9,
    100.005,
    1e21,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}') as unknown),
  fc.constant(deepObject(40)),
);

function deepObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const CODES = ['KBANK', 'SCB', 'pg', 'betflix', 'wallet', 'FACEBOOK', 'PR1', 'KBANK', 'WW'];
/** Strings shaped like the API's: phones, codes, names, account numbers. */
const shapedString = fc.oneof(
  fc.constantFrom(...CODES),
  fc.stringMatching(/^0[689]\d{8}$/),
  fc.stringMatching(/^\d{10,12}$/),
  fc.string({ minLength: 1, maxLength: 24 }),
);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  in?: z.ZodType;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values of a schema's shape (not always valid), any leaf sometimes replaced by a hostile value. */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, depth);
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function shapedFor(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const record = Object.fromEntries(keys.map((key) => [key, arbitraryFor(shape[key]!, depth + 1)]));
      return fc.oneof(fc.record(record), fc.record(record, { requiredKeys: [] }));
    }
    case 'string':
      return shapedString;
    case 'number':
      return fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double({ min: -1, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
      return fc.option(shapedFor(def.innerType!, depth), { nil: undefined });
    case 'pipe':
      return shapedFor(def.in!, depth);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(arbitraryFor(def.element!, depth + 1), { maxLength: 3 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => shapedFor(option, depth)));
    default:
      return hostileValue;
  }
}

/** A path parameter: shaped text or hostile text (URL-encoded by the caller). */
export const paramValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: shapedString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom('\u0000', '%', '%ZZ', '..', 'x'.repeat(300), 'NaN', '-1', '1e-9', '𝕏', '<b>', "'"),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
    ),
  },
);
