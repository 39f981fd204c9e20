import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { defineJob } from '../../jobs/job-types.ts';
import { AppError } from '../../errors.ts';
import { formatBangkok } from '../../lib/bangkok-time.ts';
import { createRateLimitStore, RateLimiter } from '../../lib/rate-limiter.ts';
import { boundLineTransport, HttpLineMessenger } from '../../providers/line/http-line-messenger.ts';
import type { LineMessenger } from '../../providers/line/line-port.ts';
import { readLineWebhook } from '../../providers/line/line-webhook.ts';
import { findWithdrawals } from '../withdrawals/withdrawals.api.ts';
import { deliverLineAlert, deliverLinePush, retryKeyOf, type LineAlertJob, type LinePushJob } from './line-delivery.ts';
import { LineLinkService } from './line-link.service.ts';
import { alertText, formatMinor, mismatchAlertText } from './line-templates.ts';

const LINE_PUSH_JOB = 'line-push';
const LINE_ALERT_JOB = 'line-alert';
/** link codes a member may ask for in ten minutes */
const LINK_CODE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

/**
 * LINE notifications (docs/decisions/0041-line-notifications.md): linking from the profile, the signed webhook,
 * per-event preferences, and the outbox subscribers that queue one `line-push` job per notification.
 */
export const notifyModule: ModuleFactory = (ctx) => {
  const line = ctx.config.line;
  const links = new LineLinkService({
    db: ctx.db,
    clock: ctx.clock,
    secret: `${ctx.config.secrets.jwt}:line-link`,
    addFriendUrl: line?.addFriendUrl ?? null,
  });
  const limiter = new RateLimiter(
    createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'notify rate-limit store failed')),
    ctx.clock,
  );
  let messenger: LineMessenger | undefined;
  const deps = {
    db: ctx.db,
    clock: ctx.clock,
    messenger: () =>
      (messenger ??= new HttpLineMessenger({
        baseUrl: line?.baseUrl ?? '',
        channelAccessToken: line?.channelAccessToken ?? '',
        fetch: () => boundLineTransport(ctx) ?? (globalThis.fetch as never),
      })),
  };
  /** queue one notification; nothing at all while no LINE channel is configured */
  const queue = async (eventId: number, job: Omit<LinePushJob, 'retryKey'>) => {
    if (!line) return;
    await ctx.jobs.enqueue(LINE_PUSH_JOB, { ...job, retryKey: retryKeyOf(eventId, `${job.kind}:${job.memberId}`) });
  };
  const requireLine = () => {
    if (!line) throw new AppError('NOT_FOUND');
  };

  return {
    name: 'notify',
    handlers: {
      'notify.line': ({ member }) => links.status(member.id),
      'notify.lineLinkCode': async ({ member, body }) => {
        requireLine();
        const hit = await limiter.hit('line-link-code', String(member.id), LINK_CODE_LIMIT);
        if (!hit.isAllowed) throw new AppError('REQUEST_LIMIT');
        return links.issueCode(member.id, body.language);
      },
      'notify.lineUnlink': async ({ member }) => {
        await links.unlink(member.id);
        return { message: 'SUCCESS' };
      },
      'notify.linePreferences': ({ member, body }) => links.setPreferences(member.id, body),
    },
    jobs: [
      defineJob<LineAlertJob>({
        name: LINE_ALERT_JOB,
        retry: { limit: 8, delaySeconds: 10, backoff: true },
        timeoutSeconds: 60,
        handler: ({ data }) => deliverLineAlert(deps, data),
      }),
      defineJob<LinePushJob>({
        name: LINE_PUSH_JOB,
        retry: { limit: 8, delaySeconds: 10, backoff: true },
        timeoutSeconds: 60,
        handler: ({ data }) => deliverLinePush(deps, data),
      }),
    ],
    subscribers: [
      subscribe('deposit.credited', 'notify.line-deposit', async (payload, meta) => {
        await queue(meta.eventId, {
          memberId: payload.memberId,
          kind: 'depositCredited',
          values: { amount: formatMinor(payload.amount), currency: payload.currency },
        });
      }),
      subscribe('withdrawal.changed', 'notify.line-withdrawal', async (payload, meta) => {
        const kind =
          payload.status === 'paid' ? 'withdrawalPaid' : payload.status === 'rejected' ? 'withdrawalRejected' : null;
        if (kind) await queue(meta.eventId, { memberId: payload.memberId, kind, values: {} });
      }),
      // operator alerts (the `lineOperatorAlerts` setting): a failed payout, a large withdrawal waiting for review
      subscribe('withdrawal.changed', 'notify.line-operator-alerts', async (payload, meta) => {
        if (!line || (payload.status !== 'payout_failed' && payload.status !== 'pending_review')) return;
        const alerts = await ctx.settings.get('lineOperatorAlerts');
        if (!alerts.groupId) return;
        const [w] = await findWithdrawals(ctx.db, payload.withdrawalId, 1);
        if (!w) return;
        const isLarge = w.amount > BigInt(alerts.largeWithdrawalAbove) * 100n;
        if (payload.status === 'pending_review' && !isLarge) return;
        const kind = payload.status === 'payout_failed' ? 'payoutFailed' : 'largeWithdrawal';
        const amount = `${formatMinor(String(w.amount))} ${w.currency}`;
        await ctx.jobs.enqueue(LINE_ALERT_JOB, {
          retryKey: retryKeyOf(meta.eventId, `${kind}:${alerts.groupId}`),
          groupId: alerts.groupId,
          kind,
          text: alertText(kind, payload.withdrawalId, amount),
        } satisfies LineAlertJob);
      }),
      subscribe('slip.refused', 'notify.line-slip', async (payload, meta) => {
        await queue(meta.eventId, { memberId: payload.memberId, kind: 'slipRefused', values: {} });
      }),
      subscribe('coupon.won', 'notify.line-coupon', async (payload, meta) => {
        await queue(meta.eventId, {
          memberId: payload.memberId,
          kind: 'couponWon',
          values: {
            amount: formatMinor(payload.amount),
            currency: payload.currency,
            until: formatBangkok(new Date(payload.expiresAt)).slice(0, 16).replace('T', ' '),
          },
        });
      }),
      // a ledger check run that found problems: the operators' LINE group hears of it once
      subscribe('reconciliation.mismatch', 'notify.line-reconciliation', async (payload, meta) => {
        if (!line) return;
        const alerts = await ctx.settings.get('lineOperatorAlerts');
        if (!alerts.groupId) return;
        await ctx.jobs.enqueue(LINE_ALERT_JOB, {
          retryKey: retryKeyOf(meta.eventId, `reconciliationMismatch:${alerts.groupId}`),
          groupId: alerts.groupId,
          kind: 'reconciliationMismatch',
          text: mismatchAlertText(payload.runId, payload.trigger, payload.problemCount),
        } satisfies LineAlertJob);
      }),
      subscribe('condition.changed', 'notify.line-bonus', async (payload, meta) => {
        if (payload.status !== 'running') {
          await queue(meta.eventId, { memberId: payload.memberId, kind: 'bonusEnded', values: {} });
        }
      }),
    ],
    plugin: async (app) => {
      // LINE's webhook: the signature covers the raw bytes, so this scope reads bodies as buffers
      await app.register(async (hooks) => {
        hooks.removeAllContentTypeParsers();
        hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 65_536 }, (_req, body, done) =>
          done(null, body),
        );
        hooks.post('/api/webhooks/line', async (request, reply) => {
          if (!line) return reply.status(404).send({ message: 'NOT_FOUND' });
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const events = readLineWebhook(line.channelSecret, request.headers, raw);
          if (!events) return reply.status(401).send({ message: 'UNAUTHORIZED' });
          await links.apply(events);
          return { message: 'OK' };
        });
      });
    },
  };
};
