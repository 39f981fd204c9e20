import { IDEMPOTENCY_HEADER } from '@wallet/contract/limits';
import type { FastifyRequest } from 'fastify';
import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { defineJob } from '../../jobs/job-types.ts';
import { requestLanguage } from '../content/content.api.ts';
import { LedgerService } from '../ledger/ledger.api.ts';
import { coinsForDeposit, earnCoins } from './coins.ts';
import { CouponService } from './coupon.service.ts';
import { seedDemoWheel } from './demo-wheel.ts';
import type { RandomInt } from './draw.ts';
import { SpinService, type SpinDeps } from './spin.service.ts';
import { WheelAdminService } from './wheel-admin.service.ts';

/** The client's Idempotency-Key (already validated by the HTTP idempotency layer), or null. */
const clientKey = (request: FastifyRequest): string | null => {
  const value = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : null;
};

/** Prize wheel (docs/spec.md §7 spin wheel, docs/design.md §9.7): coins, draws, coupons, the back-office editor. */
export function createSpinWheelModule(options: { random?: RandomInt } = {}): ModuleFactory {
  return (ctx) => {
    const deps: SpinDeps = {
      db: ctx.db,
      clock: ctx.clock,
      // a claim moves the wallet, a spin or a deposit the coin count: each posting's ledger.posted event makes the
      // wallet module push wallet.changed after commit
      ledger: new LedgerService(ctx.db),
      ...(options.random ? { random: options.random } : {}),
    };
    const spins = new SpinService(deps);
    const coupons = new CouponService(deps);
    const admin = new WheelAdminService(deps);
    return {
      name: 'spin-wheel',
      handlers: {
        'spinwheel.setup': ({ member, request }) => spins.setup(member.id, requestLanguage(request)),
        'spinwheel.active': () => spins.active(),
        'spinwheel.odds': ({ request }) => spins.odds(requestLanguage(request)),
        'spinwheel.spin': ({ member, request }) => spins.spin(member, clientKey(request), requestLanguage(request)),
        'spinwheel.coupons': ({ member, request }) => coupons.list(member.id, requestLanguage(request)),
        'spinwheel.claim': ({ member, body }) => coupons.claim(member, body.coupon),
        'admin.spinwheel.wheels': () => admin.list(),
        'admin.spinwheel.create': ({ operator, body, request }) => admin.create(operator, body, { ip: request.ip }),
        'admin.spinwheel.update': ({ operator, params, body, request }) =>
          admin.update(operator, params.id, body, { ip: request.ip }),
        'admin.spinwheel.coupons': ({ query }) => admin.coupons(query),
        'admin.spinwheel.stats': () => admin.stats(),
      },
      subscribers: [
        // docs/design.md §4: each credited deposit earns coins at the setting's rate, once per deposit
        subscribe('deposit.credited', 'spin-wheel.coins', async (deposit) => {
          const coins = coinsForDeposit(BigInt(deposit.amount), await ctx.settings.get('wheelRates'));
          if (coins === 0) return;
          await earnCoins(deps.ledger, {
            memberId: deposit.memberId,
            coins,
            key: `spin:coins:deposit:${deposit.depositId}`,
            metadata: { depositId: deposit.depositId, amount: deposit.amount, currency: deposit.currency },
          });
        }),
      ],
      jobs: [
        defineJob({
          name: 'spin-coupon-expiry',
          schedule: { everyMinutes: 5 },
          handler: () => coupons.expire(),
        }),
      ],
      seed: async ({ db, config }) => {
        if (config.demoData) await seedDemoWheel(db);
      },
    };
  };
}

export const spinWheelModule: ModuleFactory = createSpinWheelModule();
