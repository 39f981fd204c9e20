import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '../../src/modules/ledger/ledger.api.ts';
import { toStatementRow } from '../../src/modules/statement/statement-rows.ts';

const at = new Date('2026-11-27T10:00:00.000Z');
const name = { th: 'โบนัสฝากแรก', la: 'ໂບນັດຝາກທຳອິດ', en: 'First deposit bonus' };
const ended = (status: string) =>
  toStatementRow({ source: 'condition', id: `c-${status}`, status, name, amount: 0n, createdAt: at }, 'en');
const takenBack = (metadata: Record<string, unknown>) =>
  toStatementRow(
    { source: 'ledger', id: 'l1', kind: LEDGER_KINDS.finishBonus, metadata, amount: -15_000n, createdAt: at },
    'en',
  );

describe('how a bonus ended, in the statement', () => {
  it('a condition met, failed or cancelled is told apart, in the reader’s language', () => {
    expect(ended('success')).toMatchObject({ status: 'SUCCESS', finish: { outcome: 'met' }, amount: 0 });
    expect(ended('fail')).toMatchObject({ status: 'FAILED', finish: { outcome: 'failed' } });
    expect(ended('cancelled')).toMatchObject({ status: 'CANCELLED', finish: { outcome: 'cancelled' } });
    expect(ended('success').bonus).toEqual({ name: 'First deposit bonus' });
  });

  it('the bonus taken back at a cancel is a cancellation, not a success; the cap at success stays a success', () => {
    expect(takenBack({ conditionId: 'c1', reason: 'member' })).toMatchObject({
      statementType: 'finish_bonus',
      amount: 150,
      status: 'CANCELLED',
      finish: { outcome: 'forfeited' },
    });
    expect(takenBack({ conditionId: 'c1', reason: 'maxWithdraw' })).toMatchObject({
      status: 'SUCCESS',
      finish: { outcome: 'capped' },
    });
  });
});
