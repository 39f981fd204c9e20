import type { BulkApproveResult } from '@wallet/contract/admin/withdrawals';
import { isErrorCode } from '@wallet/contract/errors';
import { MINOR_PER_MAJOR } from '@wallet/contract/limits';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Handlers, ModuleFactory } from '../../http/handlers.ts';
import { keyedMoveOf, keyInTransaction } from '../../http/idempotency.ts';
import { defineJob } from '../../jobs/job-types.ts';
import type { PayoutBank } from '../../providers/bank/bank-port.ts';
import { HttpPayoutBank } from '../../providers/bank/http-payout-bank.ts';
import { createAccountApi, memberIdsMatching, memberPayoutFlags } from '../account/account.api.ts';
import { buildGamesDeps, type GamesModuleOptions } from '../game-accounts/game-accounts.api.ts';
import { TransferService } from '../game-transfers/game-transfers.api.ts';
import { LedgerService } from '../ledger/ledger.api.ts';
import { conditionRunningSql } from '../promotions/promotions.api.ts';
import { PAYOUT_RECONCILE_INTERVAL_MS, reconcilePayouts } from './payout-reconciler.ts';
import { findWithdrawal, type Withdrawal } from './withdrawal.repository.ts';
import { listWithdrawals } from './withdrawal-lookups.ts';
import { memberRiskContext } from './withdrawal-risk.ts';
import { queueContextOf } from './queue-context.ts';
import { WithdrawalService, type MemberFlags, type WithdrawalDeps } from './withdrawal.service.ts';
import { toAdminWithdrawal } from './admin-withdrawal.ts';

export type WithdrawalsModuleOptions = {
  /** the paying bank (tests pass fakes or a sandbox on another port); default: the sandbox bank this server mounts */
  bank?: PayoutBank;
  /** options of the game modules, for withdrawAll's collection (tests pass fake providers) */
  games?: GamesModuleOptions;
  memberFlags?: (memberId: number) => Promise<MemberFlags>;
};

/** What a withdrawal request answers; recorded with its Idempotency-Key in its transaction (ADR 0048). */
const WITHDRAW_ANSWER = { status: 200, body: { message: 'SUCCESS' as const } };

/** The paying bank from the configuration: the sandbox bank under /sandbox/bank (PROVIDERS=sandbox) or BANK_PAYOUT_URL. */
function defaultBank(ctx: AppContext): PayoutBank {
  const url = process.env.BANK_PAYOUT_URL ?? `${ctx.config.publicUrl}/sandbox/bank`;
  return new HttpPayoutBank({ baseUrl: url, secret: process.env.BANK_PAYOUT_SECRET ?? ctx.config.secrets.provider });
}

/** The dependencies of the withdrawal service from the app context (tests build the same to run the reconciler). */
export function buildWithdrawalDeps(ctx: AppContext, options: WithdrawalsModuleOptions = {}): WithdrawalDeps {
  const account = createAccountApi(ctx);
  const notify = (memberId: number) => ctx.realtime.push(memberId, 'wallet.changed', { reason: 'withdrawal' });
  return {
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    settings: ctx.settings,
    // the member's wallet.changed push follows from ledger.posted (the wallet module's outbox subscriber)
    ledger: new LedgerService(ctx.db),
    bank: options.bank ?? defaultBank(ctx),
    account,
    conditionRunningSql,
    memberFlags: options.memberFlags ?? ((memberId) => memberPayoutFlags(ctx.db, memberId)),
    notify,
  };
}

/** Withdrawals: the player's requests, the finance queue, payouts and their reconciler (docs/design.md §9.4). */
export function createWithdrawalsModule(options: WithdrawalsModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const deps = buildWithdrawalDeps(ctx, options);
    const service = new WithdrawalService(deps);
    const account = createAccountApi(ctx);
    let transfers: TransferService | undefined;
    const transferService = () => (transfers ??= new TransferService(buildGamesDeps(ctx, options.games)));
    const operatorOf = (op: { id: number; username: string }, ip: string) => ({ ...op, ip });
    const reply = async (w: Withdrawal) => {
      const members = await account.memberSummaries([w.memberId]);
      return { withdrawal: toAdminWithdrawal(w, members.get(w.memberId)) };
    };
    return {
      name: 'withdrawals',
      handlers: {
        // with an Idempotency-Key, the key and its answer commit in the request's transaction (ADR 0048)
        'wallet.withdraw': keyInTransaction<NonNullable<Handlers['wallet.withdraw']>>(
          WITHDRAW_ANSWER,
          async ({ member, body, request }) => {
            await service.request(member, body.amount, keyedMoveOf(request));
            return WITHDRAW_ANSWER.body;
          },
        ),
        'wallet.withdrawCancel': async ({ member, params, request }) => {
          await service.cancel(member, params.id, request.ip);
          return { message: 'SUCCESS' };
        },
        'wallet.withdrawAll': async ({ member, body }) => {
          // every game balance into the wallet first (a collection left pending lands later), then the withdrawal
          await transferService().transferAll(member, 'WALLET');
          await service.request(member, body.amount);
          return { message: 'SUCCESS' };
        },
        'admin.withdrawals.list': async ({ query }) => {
          const { status, member, sort, dir, page, pageSize, from, to } = query;
          const queue = await listWithdrawals(
            ctx.db,
            {
              ...(status ? { status } : {}),
              ...(member ? { memberIds: await memberIdsMatching(ctx.db, member) } : {}),
              ...(from ? { from: new Date(from) } : {}),
              ...(to ? { to: new Date(to) } : {}),
            },
            { sort, dir },
            { limit: pageSize, offset: (page - 1) * pageSize },
          );
          const ids = [...new Set(queue.rows.map((r) => r.memberId))];
          // one query per kind of context for the whole page, never a set per row (docs/decisions/0033-live-queues.md)
          const [members, context] = await Promise.all([account.memberSummaries(ids), queueContextOf(ctx.db, ids)]);
          return {
            total: queue.total,
            page,
            pageSize,
            rows: queue.rows.map((w) => ({
              ...toAdminWithdrawal(w, members.get(w.memberId)),
              context: context.get(w.memberId)!,
            })),
          };
        },
        'admin.withdrawals.risk': async ({ params }) => {
          const w = await findWithdrawal(ctx.db, params.id);
          if (!w) throw new AppError('NOT_FOUND');
          const [{ withdrawal }, risk] = await Promise.all([reply(w), memberRiskContext(ctx.db, account, w.memberId)]);
          return { withdrawal, ...risk };
        },
        'admin.withdrawals.approve': async ({ operator, params, request }) =>
          reply(await service.approve(params.id, operatorOf(operator, request.ip))),
        'admin.withdrawals.reject': async ({ operator, params, body, request }) =>
          reply(await service.reject(params.id, operatorOf(operator, request.ip), body.reason, body.note)),
        'admin.withdrawals.retry': async ({ operator, params, request }) =>
          reply(await service.retry(params.id, operatorOf(operator, request.ip))),
        'admin.withdrawals.bulkApprove': async ({ operator, body, request }) => {
          const { maxAmount } = await ctx.settings.get('withdrawAutoApprove');
          const results: BulkApproveResult[] = [];
          // one by one, each through the same approve as a single one (the hold is checked in its transaction)
          for (const id of new Set(body.ids)) {
            const row = await findWithdrawal(ctx.db, id);
            if (!row) results.push({ id, status: null, refusal: 'NOT_FOUND' });
            else if (row.amount > BigInt(maxAmount) * BigInt(MINOR_PER_MAJOR)) {
              results.push({ id, status: toAdminWithdrawal(row).status, refusal: 'TOO_LARGE' });
            } else {
              try {
                const after = await service.approve(id, operatorOf(operator, request.ip));
                results.push({ id, status: toAdminWithdrawal(after).status, refusal: null });
              } catch (err) {
                if (!(err instanceof AppError))
                  ctx.log.error({ err, withdrawalId: id }, 'bulk approve: one row failed');
                const now = await findWithdrawal(ctx.db, id);
                const refusal = err instanceof AppError && isErrorCode(err.code) ? err.code : 'INTERNAL_SERVER_ERROR';
                results.push({ id, status: now ? toAdminWithdrawal(now).status : null, refusal });
              }
            }
          }
          return { results };
        },
      },
      jobs: [
        defineJob({
          name: 'withdrawal-payout-reconciler',
          schedule: { everySeconds: PAYOUT_RECONCILE_INTERVAL_MS / 1000 },
          retry: { limit: 0 },
          handler: async () => {
            const report = await reconcilePayouts(deps, service);
            if (report.checked > 0) ctx.log.info({ payouts: report }, 'payouts reconciled');
            return report;
          },
        }),
      ],
    };
  };
}

export const withdrawalsModule: ModuleFactory = createWithdrawalsModule();
