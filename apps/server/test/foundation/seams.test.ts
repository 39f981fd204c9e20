// The seams between server modules, checked on the source (docs/decisions/0027-notification-path.md,
// docs/decisions/0028-module-seams.md): raw SQL across table owners is declared, every declared event is heard,
// one money-transaction helper, one typed raw-result helper.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CROSS_OWNER_SQL } from '../../src/db/cross-owner-sql.ts';
import { eventsOfLane } from '../../src/events/event-map.ts';
import { SERVER_SRC, sourceFiles } from './import-graph.ts';

const rel = (file: string) => path.relative(SERVER_SRC, file);
/** The source without comments (prose in comments names tables and functions too). */
const code = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

/** table name → owner, from the `pgTable('…')` calls of db/schema/<owner>.ts */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const dir = path.join(SERVER_SRC, 'db', 'schema');
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.ts') || name === 'index.ts') continue;
    for (const m of code(path.join(dir, name)).matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) {
      owners.set(m[1]!, name.slice(0, -3));
    }
  }
  return owners;
}

/** `reader→owner` → tables, for every table another owner's module names in SQL text (from/join/update/into). */
function crossOwnerReads(): Map<string, Set<string>> {
  const owners = tableOwners();
  const found = new Map<string, Set<string>>();
  for (const file of sourceFiles(path.join(SERVER_SRC, 'modules'))) {
    const reader = rel(file).split(path.sep)[1]!;
    for (const m of code(file).matchAll(/\b(?:from|join|update|into)\s+([a-z_][a-z0-9_]*)\b/g)) {
      const owner = owners.get(m[1]!);
      if (!owner || owner === reader) continue;
      const key = `${reader}→${owner}`;
      found.set(key, (found.get(key) ?? new Set()).add(m[1]!));
    }
  }
  return found;
}

describe('raw SQL across table owners', () => {
  it('reads another owner’s tables only where db/cross-owner-sql.ts declares it, and every declaration is used', () => {
    const found = crossOwnerReads();
    expect(tableOwners().get('members')).toBe('account');
    const declared = new Map(CROSS_OWNER_SQL.map((d) => [`${d.reader}→${d.owner}`, new Set(d.tables)]));
    const undeclared = [...found]
      .flatMap(([pair, tables]) => [...tables].filter((t) => !declared.get(pair)?.has(t)).map((t) => `${pair} ${t}`))
      .sort();
    expect(
      undeclared,
      'undeclared cross-owner SQL: declare it in src/db/cross-owner-sql.ts or call the owner api',
    ).toEqual([]);
    const stale = [...declared]
      .flatMap(([pair, tables]) => [...tables].filter((t) => !found.get(pair)?.has(t)).map((t) => `${pair} ${t}`))
      .sort();
    expect(stale, 'declared cross-owner SQL that no longer happens: remove it from src/db/cross-owner-sql.ts').toEqual(
      [],
    );
    for (const d of CROSS_OWNER_SQL) expect(d.reason).toMatch(/ADR \d{4}/);
  });
});

describe('domain events', () => {
  /**
   * Declared types that wait for a subscriber another helper is adding (the operator console's live queues); an
   * entry here that gains a subscriber fails the test, so the list only shrinks.
   */
  const AWAITING: Record<string, string> = {
    'member.updated': 'today only its after-commit member-cache eviction (events/emit.ts); see ADR 0027',
  };

  it('every declared event type has a subscriber in some module (no orphans)', () => {
    const declared = [...eventsOfLane('bulk'), ...eventsOfLane('live')].sort();
    const subscribed = new Set<string>();
    for (const file of sourceFiles()) {
      for (const m of code(file).matchAll(/\bsubscribe\(\s*'([a-zA-Z]+\.[a-zA-Z]+)'/g)) subscribed.add(m[1]!);
    }
    const orphans = declared.filter((t) => !subscribed.has(t) && !(t in AWAITING));
    expect(orphans, 'declared events nobody subscribes to: subscribe or remove them').toEqual([]);
    const heardNow = Object.keys(AWAITING).filter((t) => subscribed.has(t));
    expect(heardNow, 'these have a subscriber now: take them off AWAITING').toEqual([]);
    const unknown = [...subscribed].filter((t) => !declared.includes(t as never));
    expect(unknown, 'subscribed event types that are not declared in events/event-map.ts').toEqual([]);
  });
});

describe('one money transaction, one raw-result helper', () => {
  it('only ledger/money-transaction.ts wraps a transaction in withRetry (docs/decisions/0019)', () => {
    const allowed = new Set(['db/pg-error.ts', path.join('modules', 'ledger', 'money-transaction.ts')]);
    const offenders = sourceFiles()
      .filter((f) => !allowed.has(rel(f)) && /\bwithRetry\(/.test(code(f)))
      .map(rel);
    expect(offenders, 'use moneyTransaction / LedgerService.transaction (ledger.api.ts)').toEqual([]);
  });

  it('only db/raw.ts casts a raw result to its rows', () => {
    const offenders = sourceFiles()
      .filter((f) => rel(f) !== path.join('db', 'raw.ts') && /as unknown as \{\s*rows/.test(code(f)))
      .map(rel);
    expect(offenders, 'use rawRows / withRows (db/raw.ts)').toEqual([]);
  });
});
