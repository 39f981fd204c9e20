import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_GROUPS } from '@wallet/contract/admin/settings';
import { SETTING_KEYS } from '@wallet/contract/settings';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { call } from '../chat/chat-fixtures.ts';

/** The settings list says what each key governs and the unit of each number (the console renders from it). */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
}, 120_000);
afterAll(() => t.close());

type Item = { key: string; group: string; units: Record<string, string> };

describe('setting descriptors', () => {
  it('groups every key by what it governs, money keys with their units', async () => {
    const res = await call(t, 'GET', '/api/admin/settings', { token: admin });
    expect(res.status).toBe(200);
    const items = (res.body as { settings: Item[] }).settings;
    expect(items.map((i) => i.key).sort()).toEqual([...SETTING_KEYS].sort());
    for (const item of items) expect(SETTING_GROUPS, item.key).toContain(item.group);
    const byKey = new Map(items.map((i) => [i.key, i]));
    expect(byKey.get('withdrawLimits')).toMatchObject({
      group: 'withdrawals',
      units: { withdrawMin: 'THB', withdrawMax: 'THB', perDayCount: 'count', perDayAmount: 'THB' },
    });
    expect(byKey.get('adjustmentApprovalAbove')).toMatchObject({ group: 'fourEyes', units: { '': 'THB' } });
    expect(byKey.get('manualDepositCap')).toMatchObject({ group: 'fourEyes', units: { '': 'THB' } });
    expect(byKey.get('chatGuestLimits')).toMatchObject({ group: 'abuse', units: { newIdsWindowMinutes: 'minutes' } });
    expect(byKey.get('bonusRates')).toMatchObject({ group: 'bonuses', units: { depositPercent: 'percent' } });
  });
});
