import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../src/db/schema/settings.ts';
import { AppError } from '../../src/errors.ts';
import { MemoryChangeBus, type ChangeBus } from '../../src/lib/change-bus.ts';
import { SettingsService } from '../../src/modules/settings/settings.api.ts';
import { settingsModule } from '../../src/modules/settings/settings.module.ts';
import { createTestApp, deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { outboxEvents } from '../../src/db/schema/events.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'accepted',
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );
/** Write a row behind the store's back (another process, or a hand edit). */
const writeRow = (key: string, value: unknown) => t.ctx.db.update(settings).set({ value }).where(eq(settings.key, key));
const rowOf = async (key: string) =>
  (await t.ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)))[0]?.value;

describe('settings store', () => {
  it('reads seeded values, and the defaults of keys never written', async () => {
    expect(await t.ctx.settings.get('withdrawLimits')).toEqual({
      withdrawMin: 100,
      withdrawMax: 50_000,
      perDayCount: 10,
      perDayAmount: 500_000,
    });
    expect(await t.ctx.settings.get('lateQrPayment')).toBe('credit');
    expect(await rowOf('lateQrPayment')).toBeUndefined();
    // the demo seed writes the refund rate (docs/design.md §9.6); an operator's change is never overwritten by it
    expect(await t.ctx.settings.get('refundRates')).toEqual({
      lossPercent: 5,
      minRefund: 1,
      successPercent: 200,
      failPercent: 10,
    });
  });

  it('writes a valid value, which the lookups serve', async () => {
    await t.ctx.settings.set('withdrawLimits', { withdrawMin: 300, withdrawMax: 20_000 });
    const res = await t.app.inject({ method: 'GET', url: '/api/lookup/withdraw' });
    expect(res.json()).toMatchObject({ withdrawMin: 300, withdrawMax: 20_000 });
    await t.ctx.settings.set('minDeposit', 20);
    const deposit = await t.app.inject({ method: 'GET', url: '/api/lookup/deposit' });
    expect(deposit.json()).toMatchObject({ minDeposit: 20 });
  });

  it('refuses a bad value with KEY_INVALID and keeps the old one', async () => {
    await t.ctx.settings.set('withdrawLimits', { withdrawMin: 100, withdrawMax: 50_000 });
    const settingsAny = t.ctx.settings as unknown as { set(key: string, value: unknown): Promise<unknown> };
    expect(await refusal(settingsAny.set('withdrawLimits', { withdrawMin: 900, withdrawMax: 100 }))).toBe(
      'KEY_INVALID',
    );
    expect(await refusal(settingsAny.set('withdrawLimits', { withdrawMin: '100', withdrawMax: 900 }))).toBe(
      'KEY_INVALID',
    );
    expect(await refusal(settingsAny.set('siteStatus', 'paused'))).toBe('KEY_INVALID');
    expect(await refusal(settingsAny.set('registerOTP', undefined))).toBe('KEY_INVALID');
    expect(
      await refusal(settingsAny.set('slipWindow', { closeFrom: '25:00', closeTo: '00:10', maxAgeMinutes: 5 })),
    ).toBe('KEY_INVALID');
    expect(await refusal(settingsAny.set('noSuchSetting', 1))).toBe('KEY_INVALID');
    expect(await refusal(settingsAny.set('__proto__', {}))).toBe('KEY_INVALID');
    expect(await rowOf('withdrawLimits')).toEqual({
      withdrawMin: 100,
      withdrawMax: 50_000,
      perDayCount: 10,
      perDayAmount: 500_000,
    });
    expect(await rowOf('noSuchSetting')).toBeUndefined();
    // the site keeps answering
    expect((await t.app.inject({ method: 'GET', url: '/api/lookup/active' })).json()).toEqual({ active: true });
  });

  it('parses on read: a row edited into an invalid value fails loudly instead of being served', async () => {
    const store = new SettingsService(t.ctx.db);
    await writeRow('slipWindow', { closeFrom: 'late', closeTo: '00:10', maxAgeMinutes: 60 });
    await expect(store.get('slipWindow')).rejects.toThrow('setting slipWindow holds an invalid value');
    await writeRow('slipWindow', { closeFrom: '23:50', closeTo: '00:10', maxAgeMinutes: 60 });
    expect(await store.get('slipWindow')).toEqual({ closeFrom: '23:50', closeTo: '00:10', maxAgeMinutes: 60 });
  });

  it('caches per process until the key is invalidated', async () => {
    const store = new SettingsService(t.ctx.db);
    await store.set('registerOTP', true);
    expect(await store.get('registerOTP')).toBe(true);
    await writeRow('registerOTP', false);
    expect(await store.get('registerOTP')).toBe(true); // cached
    await store.invalidate('registerOTP');
    expect(await store.get('registerOTP')).toBe(false);
    await store.set('registerOTP', true);
  });

  it('drops the key in every store on the same bus when one of them writes it', async () => {
    const bus = new MemoryChangeBus();
    const a = new SettingsService(t.ctx.db, { bus });
    const b = new SettingsService(t.ctx.db, { bus });
    expect(await a.get('enableChatWidget')).toBe(true);
    expect(await b.get('enableChatWidget')).toBe(true);
    await b.set('enableChatWidget', false);
    expect(await a.get('enableChatWidget')).toBe(false);
    await a.set('enableChatWidget', true);
    expect(await b.get('enableChatWidget')).toBe(true);
  });

  it('emits settings.updated with the write; its delivery invalidates the key everywhere (a lost notice made good)', async () => {
    await deliverOutbox(t);
    const bus = new MemoryChangeBus();
    const reader = new SettingsService(t.ctx.db, { bus });
    const before = await reader.get('registerOTP'); // cached
    // a writer whose immediate notice reaches nobody (its bus is not the reader's: Redis down at that moment)
    await new SettingsService(t.ctx.db, { bus: new MemoryChangeBus() }).set('registerOTP', !before);
    const [event] = await t.ctx.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'settings.updated'))
      .orderBy(desc(outboxEvents.id))
      .limit(1);
    expect(event?.payload).toEqual({ keys: ['registerOTP'] });
    expect(await reader.get('registerOTP')).toBe(before);
    // the settings module's subscriber, on a process whose store shares the reader's bus, delivers the durable notice
    const module = settingsModule({ ...t.ctx, settings: new SettingsService(t.ctx.db, { bus }) });
    expect(await deliverOutbox({ ctx: t.ctx, modules: [module] })).toBe(1);
    expect(await reader.get('registerOTP')).toBe(!before);
    await t.ctx.settings.set('registerOTP', before);
  });

  it('drops everything when the bus says notices may have been missed', async () => {
    const resync: Array<() => void> = [];
    const bus: ChangeBus = {
      live: true,
      publish: async () => undefined,
      subscribe: () => undefined,
      onResync: (handler) => resync.push(handler),
      close: async () => undefined,
    };
    const store = new SettingsService(t.ctx.db, { bus });
    expect(await store.get('notice')).toContain('%percentFail%');
    const before = await rowOf('notice');
    await writeRow('notice', 'changed while disconnected');
    expect(await store.get('notice')).toBe(before);
    for (const handler of resync) handler();
    expect(await store.get('notice')).toBe('changed while disconnected');
    await writeRow('notice', before);
  });

  it('does not cache a value read before a concurrent change', async () => {
    const store = new SettingsService(t.ctx.db);
    await writeRow('minDeposit', 5);
    const reading = store.get('minDeposit'); // its query is in flight
    await store.invalidate('minDeposit'); // a change lands meanwhile
    expect(await reading).toBe(5);
    await writeRow('minDeposit', 7);
    expect(await store.get('minDeposit')).toBe(7); // the in-flight read was not cached
  });
});
