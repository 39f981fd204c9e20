import type { LinkedMember, MemberNote, ProviderActivity } from '@wallet/contract/admin/member360';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberNotes } from '../../db/schema/backoffice.ts';
import { AppError } from '../../errors.ts';
import { memberRecord, memberSummary, membersWithSameBankAccount } from '../account/account.api.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { membersSharingAddresses } from '../auth/auth.api.ts';
import { memberDepositPage } from '../deposits/deposits.api.ts';
import { memberTransferTotalsByGame } from '../game-transfers/game-transfers.api.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { memberBetsByGame } from '../promotions/promotions.api.ts';
import { membersPaidToSameAccounts, withdrawalPage } from '../withdrawals/withdrawals.api.ts';

/** The member 360 page's own reads and its notes (docs/decisions/0034-member-360-and-exports.md). */
const LINKED_SHOWN = 20;

type Range = { from?: string | undefined; to?: string | undefined; page: number; pageSize: number };
const dates = (q: { from?: string | undefined; to?: string | undefined }) => ({
  ...(q.from ? { from: new Date(q.from) } : {}),
  ...(q.to ? { to: new Date(q.to) } : {}),
});

async function mustExist(db: Db, memberId: number) {
  const member = await memberRecord(db, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

const noteView = (n: typeof memberNotes.$inferSelect): MemberNote => ({
  id: n.id,
  memberId: n.memberId,
  body: n.body,
  operator: n.operator,
  createdAt: n.createdAt.toISOString(),
});

export async function notesOf(db: Db, memberId: number, page: { page: number; pageSize: number }) {
  await mustExist(db, memberId);
  const where = eq(memberNotes.memberId, memberId);
  const rows = await db
    .select()
    .from(memberNotes)
    .where(where)
    .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(memberNotes).where(where);
  return { rows: rows.map(noteView), total: Number(total?.n ?? 0), page: page.page, pageSize: page.pageSize };
}

/** Add a note; the audit row (`member.note`) commits with it. */
export async function addNote(
  deps: { db: Db; now: Date },
  actor: { id: number; username: string; ip: string },
  memberId: number,
  body: string,
): Promise<MemberNote> {
  const { db, now } = deps;
  await mustExist(db, memberId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memberNotes)
      .values({ memberId, body, operatorId: actor.id, operator: actor.username, createdAt: now })
      .returning();
    const note = noteView(row!);
    await appendAudit(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: 'member.note',
        target: `member:${memberId}`,
        before: null,
        after: { noteId: note.id, body },
        ip: actor.ip,
      },
      now,
    );
    return note;
  });
}

/** Members sharing a payout bank account number (now or in a past payout) or a sign-in address with this one. */
export async function linkedMembers(db: Db, memberId: number): Promise<LinkedMember[]> {
  await mustExist(db, memberId);
  const [sameAccount, paidSame, addresses] = await Promise.all([
    membersWithSameBankAccount(db, memberId, LINKED_SHOWN),
    membersPaidToSameAccounts(db, memberId, LINKED_SHOWN),
    membersSharingAddresses(db, memberId, LINKED_SHOWN),
  ]);
  const links = new Map<number, { reasons: Set<LinkedMember['reasons'][number]>; ips: string[] }>();
  const entry = (id: number) => {
    const found = links.get(id) ?? { reasons: new Set(), ips: [] };
    links.set(id, found);
    return found;
  };
  for (const id of [...sameAccount, ...paidSame]) entry(id).reasons.add('bank_account');
  for (const a of addresses) {
    const e = entry(a.memberId);
    e.reasons.add('ip');
    e.ips = a.ips;
  }
  const ids = [...links.keys()].sort((a, b) => a - b).slice(0, LINKED_SHOWN);
  const rows: LinkedMember[] = [];
  for (const id of ids) {
    const record = await memberRecord(db, id);
    const link = links.get(id)!;
    if (record) rows.push({ member: memberSummary(record), reasons: [...link.reasons].sort(), ips: link.ips });
  }
  return rows;
}

export async function memberWithdrawalsPage(db: Db, memberId: number, q: Range) {
  await mustExist(db, memberId);
  const found = await withdrawalPage(
    db,
    { memberId, ...dates(q) },
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
  );
  return {
    rows: found.rows.map((w) => ({
      id: w.id,
      amount: toMajor(w.amount),
      status: w.status,
      bankAccountNo: w.bankAccountNo,
      reviewedBy: w.reviewedBy,
      rejectReason: w.rejectReason,
      createdAt: w.createdAt.toISOString(),
    })),
    total: found.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function memberDepositsPage(db: Db, memberId: number, q: Range) {
  await mustExist(db, memberId);
  const found = await memberDepositPage(db, memberId, {
    ...dates(q),
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    rows: found.rows.map((d) => ({
      id: d.id,
      channel: d.channel,
      reference: d.reference,
      amount: toMajor(d.amount),
      status: d.status,
      reviewedBy: d.reviewedBy,
      createdAt: d.createdAt.toISOString(),
    })),
    total: found.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Bets and P/L per provider (game) from the stored bet history, beside the settled transfers into and out of each
 * game, in a date range: one grouped query each, merged by game (a game with transfers and no stored bets is listed).
 */
export async function providerActivity(
  db: Db,
  memberId: number,
  q: { from?: string | undefined; to?: string | undefined },
): Promise<ProviderActivity[]> {
  await mustExist(db, memberId);
  const range = dates(q);
  const [bets, transfers] = await Promise.all([
    memberBetsByGame(db, memberId, range),
    memberTransferTotalsByGame(db, memberId, range),
  ]);
  const games = [...new Set([...bets.map((b) => b.game), ...transfers.map((t) => t.game)])].sort();
  return games.map((game) => {
    const b = bets.find((x) => x.game === game) ?? { bets: 0, stake: 0n, payout: 0n };
    const t = transfers.find((x) => x.game === game) ?? { transferredIn: 0n, transferredOut: 0n };
    return {
      game,
      bets: b.bets,
      stake: toMajor(b.stake),
      payout: toMajor(b.payout),
      winLoss: toMajor(b.payout - b.stake),
      transferredIn: toMajor(t.transferredIn),
      transferredOut: toMajor(t.transferredOut),
      net: toMajor(t.transferredOut - t.transferredIn),
    };
  });
}
