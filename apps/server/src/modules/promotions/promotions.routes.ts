import { WALLET_CODE } from '@wallet/contract/limits';
import { AppError } from '../../errors.ts';
import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { defineJob } from '../../jobs/job-types.ts';
import { requestLanguage } from '../content/content.api.ts';
import { buildGamesDeps, type GamesModuleOptions } from '../game-accounts/game-accounts.api.ts';
import { settleGameBalances, TransferService } from '../game-transfers/game-transfers.api.ts';
import { LedgerService, toMajor, toMinor } from '../ledger/ledger.api.ts';
import { bannerRoutes } from './banner-media.ts';
import { betHistory } from './bet-history.ts';
import { codeLookupLimit } from './code-lookup-limit.ts';
import { BonusService, type CollectGames } from './bonus.service.ts';
import { refreshGameBalances } from './claim-balances.ts';
import { evaluateCondition, membersWithRunningConditions } from './condition-engine.ts';
import { seedDemoPromotions } from './demo-promotions.ts';
import { depositBonusOptions, depositBonusOutcome } from './deposit-bonus.ts';
import { PromotionAdminService } from './promotion-admin.service.ts';
import { pullTurnover, type TurnoverDeps } from './turnover-summary.ts';

export type PromotionsModuleOptions = {
  /** the game providers whose bet history the turnover pull reads (tests pass fakes) */
  games?: GamesModuleOptions;
};

/**
 * The turnover pull, then every running condition evaluated: success or fail ends it (docs/design.md §4). Exported for
 * tests, which run it as the job would.
 */
export async function runTurnoverPull(deps: TurnoverDeps, settleBalances?: (memberId: number) => Promise<boolean>) {
  const pulled = await pullTurnover(deps);
  const ended: Record<string, number> = {};
  for (const memberId of await membersWithRunningConditions(deps.db)) {
    const status = await evaluateCondition(deps.db, memberId, deps.clock.now(), settleBalances);
    if (status && status !== 'running') ended[status] = (ended[status] ?? 0) + 1;
  }
  return { bets: pulled.bets, failed: pulled.failed, ended };
}

/** Bonuses, promotion codes, the condition engine and turnover summaries (docs/design.md §4, §9.6). */
export function createPromotionsModule(options: PromotionsModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const ledger = new LedgerService(ctx.db);
    const games = buildGamesDeps(ctx, options.games);
    // a cancel first brings game balances back to the wallet, as withdrawAll does (docs/decisions/0020)
    let transfers: TransferService | undefined;
    const collectGames: CollectGames = async (member) => {
      try {
        await (transfers ??= new TransferService(games)).transferAll(member, WALLET_CODE);
      } catch (err) {
        // best effort: what did not come back is judged by the cancel itself (BONUS_CANCEL_GAME_BALANCE)
        if (!(err instanceof AppError)) throw err;
        ctx.log.warn({ err, memberId: member.id }, 'bonus cancel: game balances not all collected');
      }
    };
    const refreshGames = (memberId: number) => refreshGameBalances(games, memberId);
    const deps = { db: ctx.db, clock: ctx.clock, ledger, collectGames, refreshGames };
    const bonuses = new BonusService(deps);
    const codeLimit = codeLookupLimit(ctx);
    const admin = new PromotionAdminService({ ...deps, storage: ctx.storage });
    const providers = games.providers;
    const turnover: TurnoverDeps = { db: ctx.db, clock: ctx.clock, log: ctx.log, providers };
    // a condition's balance rules decide on game balances read after the member's last settled transfer (ADR 0024)
    const settleBalances = (memberId: number) => settleGameBalances(games, memberId);
    return {
      name: 'promotions',
      handlers: {
        'promotions.bonuses': ({ member, request }) => bonuses.list(member, requestLanguage(request)),
        'promotions.bonusActivate': ({ member, params, request }) =>
          bonuses.activateBonus(member, params.code, requestLanguage(request)),
        'promotions.bonusActive': ({ member }) => bonuses.active(member),
        'promotions.bonusCondition': ({ member, request }) => bonuses.condition(member, requestLanguage(request)),
        'promotions.bonusMinimum': ({ member }) => bonuses.minimum(member),
        'promotions.bonusClear': ({ member }) => bonuses.clear(member),
        'promotions.promotionCurrent': ({ member, request }) => bonuses.current(member, requestLanguage(request)),
        'promotions.promotionFind': async ({ member, params, request }) => {
          await codeLimit.check(member.id, request.ip);
          return bonuses.find(params.code, requestLanguage(request));
        },
        'promotions.promotionActivate': async ({ member, params, request }) => {
          await codeLimit.check(member.id, request.ip);
          return bonuses.activateCode(member, params.code, requestLanguage(request));
        },
        'bets.history': ({ member, query, request }) => betHistory(ctx.db, member.id, query, requestLanguage(request)),
        'bets.depositBonuses': ({ member, query, request }) =>
          depositBonusOptions(ctx.db, ctx.clock, member, toMinor(query.amount), requestLanguage(request)),
        'bets.depositBonusOutcome': ({ member, params, request }) =>
          depositBonusOutcome(ctx.db, member.id, params.depositId, requestLanguage(request)),
        'admin.promotions.list': () => admin.list(),
        'admin.promotions.create': ({ operator, body, request }) => admin.create(operator, body, { ip: request.ip }),
        'admin.promotions.update': ({ operator, params, body, request }) =>
          admin.update(operator, params.id, body, { ip: request.ip }),
        'admin.promotions.uploadBanner': ({ operator, file, request }) =>
          admin.uploadBanner(operator, file, { ip: request.ip }),
        'admin.promotions.conditions': ({ query }) => admin.conditions(query),
        'admin.promotions.memberConditions': ({ params }) => admin.memberConditions(params.memberId),
        'admin.promotions.cancelCondition': ({ operator, params, body, request }) =>
          admin.cancel(operator, params.id, body.reason, { ip: request.ip }),
        'admin.promotions.report': ({ query }) => admin.report(query),
      },
      subscribers: [
        // money moved for a member (deposit, transfer, loss adjustment…): their running condition may have ended
        subscribe('ledger.posted', 'promotions.evaluate', async ({ memberIds }) => {
          for (const memberId of memberIds) await evaluateCondition(ctx.db, memberId, ctx.clock.now(), settleBalances);
        }),
        // the bonus chosen on the deposit sheet was claimed with the credit, or skipped and why (ADR 0042)
        subscribe('deposit.bonus', 'promotions.push-deposit-bonus', async (e) => {
          ctx.realtime.push(e.memberId, 'deposit.bonus', {
            code: e.code,
            status: e.status,
            reason: e.reason,
            amount: toMajor(BigInt(e.amount)),
          });
        }),
        // the member's open apps refetch the bonus state: a condition started, succeeded, failed or was cancelled
        subscribe('condition.changed', 'promotions.push-condition', async ({ memberId }) => {
          ctx.realtime.push(memberId, 'wallet.changed', { reason: 'condition' });
        }),
      ],
      jobs: [
        defineJob({
          name: 'turnover-pull',
          schedule: ctx.config.turnoverPullSeconds
            ? { everySeconds: ctx.config.turnoverPullSeconds }
            : { everyMinutes: 1 },
          timeoutSeconds: 120,
          handler: () => runTurnoverPull(turnover, settleBalances),
        }),
      ],
      plugin: async (app) => {
        codeLimit.onClose(app);
        await bannerRoutes(ctx.storage)(app);
      },
      seed: async ({ db, config }) => {
        if (config.demoData) await seedDemoPromotions(db);
      },
    };
  };
}

export const promotionsModule: ModuleFactory = createPromotionsModule();
