import { OPERATOR_ROLES } from '@wallet/contract/admin/roles';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.ts';
import th from '../locales/th.ts';
import { addDays, bangkokDay, instantRange } from './bangkok.ts';
import { FEATURES, featuresFor, mayOpen } from './features.ts';

describe('Bangkok days', () => {
  it('turns inclusive Bangkok days into the instants the server filters on (to exclusive)', () => {
    expect(instantRange({ from: '2026-11-01', to: '2026-11-23' })).toEqual({
      from: '2026-11-01T00:00:00+07:00',
      to: '2026-11-24T00:00:00+07:00',
    });
    expect(instantRange({ to: '2026-12-31' })).toEqual({ to: '2027-01-01T00:00:00+07:00' });
    expect(instantRange({ from: 'yesterday', to: '2026-02-30' })).toEqual({});
  });

  it('knows the Bangkok day of an instant (UTC+7) and moves across months', () => {
    expect(bangkokDay(new Date('2026-11-23T16:59:59Z'))).toBe('2026-11-23');
    expect(bangkokDay(new Date('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('feature discovery', () => {
  it('finds every src/features/*/feature.ts, ids matching their folders, in menu order', () => {
    const ids = FEATURES.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['operators', 'settings', 'audit', 'jobs', 'sessions']));
    expect(new Set(FEATURES.map((f) => f.path)).size).toBe(FEATURES.length);
    const orders = FEATURES.map((f) => f.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const feature of FEATURES) {
      expect(feature.nav.th && feature.nav.en, feature.id).toBeTruthy();
      for (const role of feature.roles) expect(OPERATOR_ROLES).toContain(role);
    }
  });

  it('shows a feature to an operator holding any of its roles; [] to everyone', () => {
    expect(mayOpen({ roles: ['finance', 'support'] }, ['support'])).toBe(true);
    expect(mayOpen({ roles: ['admin'] }, ['finance', 'support'])).toBe(false);
    expect(mayOpen({ roles: [] }, [])).toBe(true);
    expect(featuresFor(['support']).map((f) => f.id)).not.toContain('settings');
    expect(featuresFor(['admin']).map((f) => f.id)).toContain('settings');
  });

  it('has every feature namespace in both languages, with the same keys', () => {
    const keys = (tree: unknown, prefix = ''): string[] =>
      typeof tree === 'object' && tree !== null
        ? Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    for (const feature of FEATURES) {
      expect(th[feature.id], `th ${feature.id}`).toBeDefined();
      expect(keys(en[feature.id]).sort(), feature.id).toEqual(keys(th[feature.id]).sort());
    }
    for (const ns of ['common', 'shell']) expect(keys(en[ns]).sort(), ns).toEqual(keys(th[ns]).sort());
  });
});
