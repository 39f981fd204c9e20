import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import type { Database } from '../../src/db/client.ts';
import { IdempotencyStore } from '../../src/http/idempotency.ts';
import { freshDatabase } from '../helpers/test-app.ts';

let database: Database;
let store: IdempotencyStore;
beforeAll(async () => {
  database = await freshDatabase();
  await database.migrate();
  store = new IdempotencyStore(database.db, new FakeClock());
});
afterAll(() => database.close());

const scope = (kind: 'member' | 'operator', id: number, hash = 'h1') => ({
  principal: { kind, id },
  key: 'same-key',
  endpointId: 'wallet.transfer',
  hash,
});

describe('idempotency keys per principal', () => {
  it('keeps the same key of a member and of an operator with the same id apart', async () => {
    const member = await store.claim(scope('member', 100001));
    const operator = await store.claim(scope('operator', 100001, 'h2'));
    expect(member).toHaveProperty('claim');
    expect(operator).toHaveProperty('claim');
    if (!('claim' in member) || !('claim' in operator)) return;
    await store.complete(member.claim, { status: 200, body: { by: 'member' } });
    await store.complete(operator.claim, { status: 200, body: { by: 'operator' } });
    expect(await store.claim(scope('member', 100001))).toEqual({ replay: { status: 200, body: { by: 'member' } } });
    expect(await store.claim(scope('operator', 100001, 'h2'))).toEqual({
      replay: { status: 200, body: { by: 'operator' } },
    });
  });
});
