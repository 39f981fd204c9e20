import { asc, eq } from 'drizzle-orm';
import { banks, sources } from '../../db/schema/content.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { walletAmounts } from '../settings/settings.api.ts';
import { requestLanguage } from './content-language.ts';
import { localize, localizeContact, localizeInfo } from './localized-content.ts';
import { isSlipUploadOpen } from './slip-window.ts';

/**
 * Every GET /api/lookup/* of docs/spec.md §7, read from the database. Text an operator writes (agreements, conditions,
 * contact text, notice, how-to videos, source names) answers in the language of `Accept-Language`, Thai otherwise.
 */
export const contentModule: ModuleFactory = ({ db, settings, clock }) => {
  const translations = () => settings.get('contentTranslations');
  return {
    name: 'content',
    handlers: {
      'lookup.banks': async () => {
        const rows = await db
          .select({ code: banks.code, nameTH: banks.nameTH, nameEN: banks.nameEN, nameLA: banks.nameLA })
          .from(banks)
          .where(eq(banks.isActive, true))
          .orderBy(asc(banks.sortOrder));
        return rows.map((row) => ({ ...row, nameLA: row.nameLA ?? row.nameTH }));
      },
      'lookup.sources': async ({ request }) => {
        const language = requestLanguage(request);
        const rows = await db.select().from(sources).orderBy(asc(sources.sortOrder));
        return rows.map((row) => ({
          code: row.code,
          description:
            (language === 'la' ? row.descriptionLA : language === 'en' ? row.descriptionEN : null) || row.description,
        }));
      },
      'lookup.deposit': async () => {
        const [thb, lak] = await Promise.all([walletAmounts(settings, 'THB'), walletAmounts(settings, 'LAK')]);
        return {
          ...(await settings.get('deposit')),
          minDeposit: thb.minDeposit,
          byCurrency: {
            THB: { minDeposit: thb.minDeposit, quickAmounts: thb.quickAmounts, maxQrDeposit: thb.maxQrDeposit },
            LAK: { minDeposit: lak.minDeposit, quickAmounts: lak.quickAmounts, maxQrDeposit: lak.maxQrDeposit },
          },
        };
      },
      'lookup.conditions': async ({ request }) =>
        localize(await translations(), requestLanguage(request), 'conditions', await settings.get('conditions')),
      'lookup.agreements': async ({ request }) =>
        localize(await translations(), requestLanguage(request), 'agreements', await settings.get('agreements')),
      'lookup.info': async ({ request }) =>
        localizeInfo(await translations(), requestLanguage(request), await settings.get('info')),
      'lookup.notice': async ({ request }) => ({
        text: localize(await translations(), requestLanguage(request), 'notice', await settings.get('notice')),
      }),
      'lookup.contact': async ({ request }) =>
        localizeContact(await translations(), requestLanguage(request), await settings.get('contact')),
      'lookup.withdraw': async () => {
        const [thb, lak] = await Promise.all([walletAmounts(settings, 'THB'), walletAmounts(settings, 'LAK')]);
        const bounds = (a: typeof thb) => ({ withdrawMin: a.withdrawMin, withdrawMax: a.withdrawMax });
        return { ...bounds(thb), byCurrency: { THB: bounds(thb), LAK: bounds(lak) } };
      },
      'lookup.slip': async () => {
        const window = await settings.get('slipWindow');
        return { ...window, isOpen: isSlipUploadOpen(window, clock.now()) };
      },
      // a terminated site never gets here: the site-status hook answers 410 gone first
      'lookup.active': async () => ({ active: (await settings.get('siteStatus')) === 'active' }),
      'lookup.registerOTP': async () => ({ registerOTP: await settings.get('registerOTP') }),
      'lookup.enableChatWidget': async () => ({ enableChatWidget: await settings.get('enableChatWidget') }),
    },
  };
};
