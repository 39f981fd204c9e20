import { asc, eq } from 'drizzle-orm';
import { banks, sources } from '../../db/schema/core.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { isSlipUploadOpen } from './slip-window.ts';

/** Every GET /api/lookup/* of SPEC.md §7, read from the database. */
export const contentModule: ModuleFactory = ({ db, settings, clock }) => ({
  name: 'content',
  handlers: {
    'lookup.banks': async () =>
      db
        .select({ code: banks.code, nameTH: banks.nameTH })
        .from(banks)
        .where(eq(banks.isActive, true))
        .orderBy(asc(banks.sortOrder)),
    'lookup.sources': async () =>
      db.select({ code: sources.code, description: sources.description }).from(sources).orderBy(asc(sources.sortOrder)),
    'lookup.deposit': async () => ({
      ...(await settings.get('deposit')),
      minDeposit: await settings.get('minDeposit'),
    }),
    'lookup.conditions': async () => settings.get('conditions'),
    'lookup.agreements': async () => settings.get('agreements'),
    'lookup.info': async () => settings.get('info'),
    'lookup.notice': async () => ({ text: await settings.get('notice') }),
    'lookup.contact': async () => settings.get('contact'),
    'lookup.withdraw': async () => settings.get('withdrawLimits'),
    'lookup.slip': async () => {
      const window = await settings.get('slipWindow');
      return { ...window, isOpen: isSlipUploadOpen(window, clock.now()) };
    },
    // a terminated site never gets here: the site-status hook answers 410 gone first
    'lookup.active': async () => ({ active: (await settings.get('siteStatus')) === 'active' }),
    'lookup.registerOTP': async () => ({ registerOTP: await settings.get('registerOTP') }),
    'lookup.enableChatWidget': async () => ({ enableChatWidget: await settings.get('enableChatWidget') }),
  },
});
