import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../audit/audit.api.ts';
import type { WithdrawalExportQuery } from '@wallet/contract/admin/member360';
import { createAccountApi, memberIdsMatching } from '../account/account.api.ts';
import { withdrawalsInBatches, type WithdrawalFilter } from '../withdrawals/withdrawals.api.ts';
import { bahtCell, bangkokCell, CSV_BOM, csvLine, textCell } from './csv.ts';

/**
 * The CSV exports (docs/decisions/0034-member-360-and-exports.md): audited, then streamed batch by batch, with the
 * list's filters in the list's order.
 */
const WITHDRAWAL_CSV_HEADER = [
  'created_bangkok',
  'withdrawal_id',
  'member_id',
  'member_phone',
  'member_name',
  'bank_code',
  'bank_account_no',
  'bank_account_name',
  'amount_baht',
  'status',
  'reviewed_by',
  'reject_reason',
];

export async function exportWithdrawals(
  ctx: Pick<AppContext, 'db' | 'clock' | 'settings'>,
  actor: { id: number; username: string; ip: string },
  query: WithdrawalExportQuery,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { db } = ctx;
  const filter: WithdrawalFilter = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    ...(query.memberId ? { memberId: query.memberId } : {}),
    ...(query.member ? { memberIds: await memberIdsMatching(db, query.member) } : {}),
  };
  const now = ctx.clock.now();
  // who exported which filter, before a byte leaves
  await db.transaction((tx) =>
    appendAudit(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: 'export.withdrawals',
        target: 'export:withdrawals',
        before: null,
        after: { filter: query },
        ip: actor.ip,
      },
      now,
    ),
  );
  const account = createAccountApi(ctx);
  async function* lines() {
    yield CSV_BOM + csvLine(WITHDRAWAL_CSV_HEADER);
    for await (const batch of withdrawalsInBatches(db, filter, { sort: query.sort, dir: query.dir })) {
      const people = await account.memberSummaries([...new Set(batch.map((w) => w.memberId))]);
      let chunk = '';
      for (const w of batch) {
        const who = people.get(w.memberId);
        chunk += csvLine([
          bangkokCell(w.createdAt),
          textCell(w.id),
          String(w.memberId),
          textCell(who?.username),
          textCell(who?.name),
          textCell(w.bankCode),
          textCell(w.bankAccountNo),
          textCell(w.bankAccountName),
          bahtCell(w.amount),
          textCell(w.status),
          textCell(w.reviewedBy),
          textCell(w.rejectReason),
        ]);
      }
      yield chunk;
    }
  }
  const day = now.toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="withdrawals-${day}.csv"`)
    .send(Readable.from(lines()));
}
