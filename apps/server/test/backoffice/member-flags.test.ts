import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { members } from '../../src/db/schema/core.ts';
import { memberPayoutFlags, memberRiskFlagsOf, setMemberRiskMark } from '../../src/modules/account/account.api.ts';
import { freshDatabase } from '../helpers/test-app.ts';

describe('member risk flags', () => {
  let database: Database;
  let memberId: number;
  beforeAll(async () => {
    database = await freshDatabase();
    await database.migrate();
    const [row] = await database.db
      .insert(members)
      .values({
        username: '0812345678',
        passwordHash: 'x',
        name: 'Somchai',
        bankCode: 'KBANK',
        bankAccountName: 'สมชาย',
        bankAccountNo: '1234567890',
      })
      .returning({ id: members.id });
    memberId = row!.id;
  });
  afterAll(() => database.close());

  it('is all clear for a member never marked', async () => {
    expect(await memberPayoutFlags(database.db, memberId)).toEqual({ flagged: false, payoutHold: false });
  });

  it('sets and clears the flag and the hold independently, with reason, operator and time', async () => {
    const at = new Date('2026-11-23T08:00:00Z');
    const flagged = await database.db.transaction((tx) =>
      setMemberRiskMark(tx, memberId, 'flag', true, { by: 'admin', at, reason: 'shared device' }),
    );
    expect(flagged.before.flagged).toBe(false);
    expect(flagged.after).toMatchObject({ flagged: true, flagReason: 'shared device', flaggedBy: 'admin' });
    await database.db.transaction((tx) =>
      setMemberRiskMark(tx, memberId, 'payoutHold', true, { by: 'fin1', at, reason: 'bank check' }),
    );
    expect(await memberPayoutFlags(database.db, memberId)).toEqual({ flagged: true, payoutHold: true });
    await database.db.transaction((tx) =>
      setMemberRiskMark(tx, memberId, 'flag', false, { by: 'admin', at, reason: null }),
    );
    expect(await memberPayoutFlags(database.db, memberId)).toEqual({ flagged: false, payoutHold: true });
    expect(await memberRiskFlagsOf(database.db, memberId)).toMatchObject({
      flagReason: null,
      holdReason: 'bank check',
      holdBy: 'fin1',
      holdAt: at,
    });
  });
});
