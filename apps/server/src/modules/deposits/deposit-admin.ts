import type { AdminDepositDetail, AdminDepositRow, DepositChannel } from '@wallet/contract/admin/deposits';
import { desc, eq, like } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { deposits, qrPayments, qrWebhookInbox, trueVouchers } from '../../db/schema/deposits.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { sendStoredObject } from '../../providers/storage/send-stored-object.ts';
import type { AccountApi } from '../account/account.api.ts';
import { approvalView } from '../approvals/approvals.api.ts';
import { appendAudit, auditRowsFor } from '../audit/audit.api.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { bangkokDayStart } from '../../lib/bangkok-time.ts';
import { countDepositsInReview, dailyDepositSums } from './deposit-reads.ts';
import { findListRow, listDeposits, type DepositListRow } from './deposit-admin.repository.ts';
import type { DepositReviewService } from './review.service.ts';
import type { SlipService } from './slip.service.ts';

const DAY_MS = 86_400_000;

type Deps = { ctx: AppContext; account: AccountApi; review: DepositReviewService; slip: SlipService };

/** A deposit's row in the list: QR money and slips are listed by their QR or slip, a manual notice by itself. */
const listIdOf = (d: { channel: DepositChannel; id: string; sourceId: string | null }): string =>
  d.channel === 'manual' ? d.id : (d.sourceId ?? d.id);

const auditNote = (after: unknown): string => {
  const note = (after as { note?: unknown } | null)?.note;
  return typeof note === 'string' ? note : '';
};

/** The operator's deposits pages (role finance): one list across channels, a row's detail, decisions. */
export function depositAdminHandlers({ ctx, account, review, slip }: Deps): Handlers {
  const withMembers = async (rows: DepositListRow[]): Promise<AdminDepositRow[]> => {
    const members = await account.memberSummaries([...new Set(rows.map((r) => r.memberId))]);
    return rows.map((r) => ({
      ...r,
      amount: r.amount === null ? null : toMajor(r.amount),
      member: members.get(r.memberId) ?? { name: '', username: '' },
      createdAt: r.createdAt.toISOString(),
    }));
  };
  const rowOf = async (channel: DepositChannel, id: string): Promise<AdminDepositRow> => {
    const row = await findListRow(ctx.db, channel, id);
    if (!row) throw new AppError('NOT_FOUND');
    return (await withMembers([row]))[0]!;
  };
  const auditOf = async (targets: string[]) =>
    (await Promise.all(targets.map((t) => auditRowsFor(ctx.db, t, 20))))
      .flat()
      .sort((a, b) => b.id - a.id)
      .map((a) => ({ at: a.at.toISOString(), operator: a.operator, action: a.action, note: auditNote(a.after) }));
  const depositById = async (id: string | null) => {
    if (!id) return null;
    const [d] = await ctx.db.select().from(deposits).where(eq(deposits.id, id));
    return d ?? null;
  };
  const operatorOf = (op: { id: number; username: string }, ip: string) => ({ ...op, ip });

  return {
    'admin.deposits.list': async ({ query }) => {
      const { page, pageSize, from, to, status, channel, member, sort, dir } = query;
      const found = await listDeposits(ctx.db, {
        sort,
        dir,
        ...(status ? { status } : {}),
        ...(channel ? { channel } : {}),
        ...(member ? { member } : {}),
        ...(from ? { from: new Date(from) } : {}),
        ...(to ? { to: new Date(to) } : {}),
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { rows: await withMembers(found.rows), total: found.total, page, pageSize };
    },
    'admin.deposits.summary': async () => {
      const today = bangkokDayStart(ctx.clock.now());
      const from = new Date(today.getTime() - 6 * DAY_MS);
      const [days, inReview] = await Promise.all([
        dailyDepositSums(ctx.db, from, new Date(today.getTime() + DAY_MS)),
        countDepositsInReview(ctx.db),
      ]);
      return { days: days.map((d) => ({ ...d, amount: toMajor(d.amount) })), inReview };
    },
    'admin.deposits.detail': async ({ params }) => {
      const row = await rowOf(params.channel, params.id);
      const detail: AdminDepositDetail = { row, deposit: null, slip: null, qr: null, webhooks: [], audit: [] };
      const targets = row.depositId ? [`deposit:${row.depositId}`] : [];
      if (row.channel === 'slip') {
        const s = await slip.find(row.id);
        if (s) {
          detail.slip = {
            qrPayload: s.qrPayload,
            sendingBank: s.sendingBank,
            transRef: s.transRef,
            verification: s.verification,
            attempts: s.attempts,
            hasImage: await ctx.storage.exists(s.storageKey),
          };
          targets.push(`slip:${s.id}`);
        }
      }
      if (row.channel === 'qr') {
        const [q] = await ctx.db.select().from(qrPayments).where(eq(qrPayments.id, row.id));
        if (q) detail.qr = { provider: q.provider, status: q.status, payload: q.payload, inquiries: q.inquiries };
        const hooks = await ctx.db
          .select()
          .from(qrWebhookInbox)
          .where(eq(qrWebhookInbox.paymentId, row.id))
          .orderBy(desc(qrWebhookInbox.id))
          .limit(50);
        detail.webhooks = hooks.map((w) => ({
          receivedAt: w.receivedAt.toISOString(),
          providerTxnId: w.providerTxnId,
          result: w.result,
          body: w.body,
        }));
      }
      if (row.channel === 'truewallet') {
        // the hash is shown cut to 24 characters: find the voucher by that prefix
        const [v] = await ctx.db
          .select()
          .from(trueVouchers)
          .where(like(trueVouchers.hash, `${row.id}%`))
          .limit(1);
        if (v && !row.depositId && v.depositId) targets.push(`deposit:${v.depositId}`);
      }
      const d = await depositById(row.depositId);
      if (d) detail.deposit = { id: d.id, reference: d.reference, status: d.status, note: d.note };
      detail.audit = await auditOf(targets);
      return detail;
    },
    'admin.deposits.slipImage': async ({ params, reply }) => {
      const s = await slip.find(params.id);
      if (!s) throw new AppError('NOT_FOUND');
      return sendStoredObject(reply, ctx.storage, s.storageKey, { fileName: `slip-${s.id.toLowerCase()}` });
    },
    'admin.deposits.confirm': async ({ operator, params, body, request }) => {
      // a manual notice beyond the four-eyes limit stays in review: `approval` is its request (ADR 0022)
      const { row: d, approval } = await review.confirm(params.id, operatorOf(operator, request.ip), body.note);
      return {
        row: await rowOf(d.channel, listIdOf(d)),
        approval: approval ? approvalView(approval) : null,
      };
    },
    'admin.deposits.reject': async ({ operator, params, body, request }) => {
      const d = await review.reject(params.id, operatorOf(operator, request.ip), body.note);
      return { row: await rowOf(d.channel, listIdOf(d)) };
    },
    'admin.deposits.reverifySlip': async ({ operator, params, body, request }) => {
      const { before, after } = await slip.reverify(params.id);
      if (before !== after)
        await ctx.db.transaction((tx) =>
          appendAudit(
            tx,
            {
              actor: { id: operator.id, username: operator.username },
              action: 'slip.reverify',
              target: `slip:${params.id}`,
              before: { status: before.status, reason: before.note },
              after: { status: after.status, reason: after.note, note: body.note },
              ip: request.ip,
            },
            ctx.clock.now(),
          ),
        );
      return { row: await rowOf('slip', params.id) };
    },
  };
}
