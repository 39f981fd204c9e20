import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { StorageNotFoundError } from '../../providers/storage/object-storage.ts';
import { requestLanguage } from '../content/content.api.ts';
import { LedgerService } from '../ledger/ledger.api.ts';
import { BANNER_IMAGE_PATH, BANNER_KEY, BannerService } from './banners.service.ts';
import { creditCommission } from './commission.ts';
import { seedDemoReferral } from './demo-referral.ts';
import { InviteService } from './invite.service.ts';
import { ensureLink } from './links.ts';
import { ReferralAdminService } from './referral-admin.service.ts';
import { ReferralReview } from './referral-review.ts';

/**
 * Referral (docs/design.md §9.6): invite links, commissions on invitees' deposits, receiving them; and the banners of the
 * invite and refund modals with their back-office editor (role marketing).
 */
export const referralModule: ModuleFactory = (ctx) => {
  const deps = { db: ctx.db, clock: ctx.clock, ledger: new LedgerService(ctx.db), settings: ctx.settings };
  const invites = new InviteService(deps);
  const banners = new BannerService({ db: ctx.db, clock: ctx.clock, storage: ctx.storage });
  const admin = new ReferralAdminService(ctx.db);
  const review = new ReferralReview({ ...deps, admin });
  const sharedAddressHours = async () => (await ctx.settings.get('selfReferralSignals')).sharedAddressHours;
  const meta = (request: { ip: string }) => ({ ip: request.ip });
  return {
    name: 'referral',
    handlers: {
      'promotions.invites': ({ member, body }) => invites.list(member.id, body),
      'promotions.inviteBonus': ({ member }) => invites.receive(member),
      'promotions.inviteBanners': ({ request }) => banners.forPlayer('invite', requestLanguage(request)),
      'promotions.refundBanners': ({ request }) => banners.forPlayer('refund', requestLanguage(request)),
      'admin.banners.list': ({ query }) => banners.list(query.place),
      'admin.banners.create': ({ operator, body, request }) => banners.create(operator, body, meta(request)),
      'admin.banners.update': ({ operator, params, body, request }) =>
        banners.update(operator, params.id, body, meta(request)),
      'admin.banners.delete': ({ operator, params, request }) => banners.delete(operator, params.id, meta(request)),
      'admin.banners.upload': ({ file }) => banners.upload(file),
      'admin.referral.tree': ({ params }) => admin.tree(params.id),
      'admin.referral.commissions': ({ query }) => admin.commissions(query),
      'admin.referral.flags': ({ query }) => admin.flags(query),
      'admin.referral.review': ({ operator, params, body, request }) =>
        review.review(operator, params.id, body, request.ip),
    },
    subscribers: [
      subscribe('member.registered', 'referral.link', async ({ memberId }) => {
        await ensureLink(ctx.db, memberId, ctx.clock.now(), await sharedAddressHours());
      }),
      subscribe('deposit.credited', 'referral.commission', async (deposit) => {
        const { depositPercent } = await ctx.settings.get('referralRates');
        await creditCommission(deps, deposit, {
          percent: depositPercent,
          sharedAddressHours: await sharedAddressHours(),
        });
      }),
    ],
    plugin: async (app: FastifyInstance) => {
      // banner pictures are public marketing images (the player shows them before the invite and refund modals)
      app.get<{ Params: { file: string } }>(`${BANNER_IMAGE_PATH}:file`, async (request, reply) => {
        const key = `banners/${request.params.file}`;
        if (!BANNER_KEY.test(key)) throw new AppError('NOT_FOUND');
        const object = await ctx.storage.get(key).catch((error: unknown) => {
          if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND');
          throw error;
        });
        return reply
          .header('content-type', object.contentType)
          .header('content-length', object.size)
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(object.body);
      });
    },
    seed: async ({ db, config }) => {
      if (!config.demoData) return;
      const demo = { db, clock: ctx.clock, storage: ctx.storage, ledger: deps.ledger, settings: ctx.settings };
      await seedDemoReferral(demo, config.variant);
    },
  };
};
