import type { Page } from '@wallet/contract/admin/paging';
import type { CommissionRow, InviteTree, SelfReferralFlag } from '@wallet/contract/admin/referral-refunds';
import { and, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { referralCommissions, referralLinks } from '../../db/schema/referral.ts';
import { AppError } from '../../errors.ts';
import { referralFacts } from '../account/account.api.ts';
import { LedgerService, memberInvite, toMajor } from '../ledger/ledger.api.ts';
import { percentFromBasisPoints } from '../../lib/money-math.ts';

type PageQuery = { page: number; pageSize: number; from?: string | undefined; to?: string | undefined };
type Signal = SelfReferralFlag['signals'][number];

const within = (column: typeof referralCommissions.createdAt, q: PageQuery) => [
  q.from ? gte(column, new Date(q.from)) : undefined,
  q.to ? lt(column, new Date(q.to)) : undefined,
];

/** The back-office view of referral (role marketing): read-only, so nothing here is audited (reviews: referral-review.ts). */
export class ReferralAdminService {
  constructor(private readonly db: Db) {}

  /** A member's inviter, invitees with their deposits and commissions, and the invite balance. */
  async tree(memberId: number): Promise<InviteTree> {
    const member = (await referralFacts(this.db, [memberId])).get(memberId);
    if (!member) throw new AppError('NOT_FOUND');
    const links = await this.db
      .select()
      .from(referralLinks)
      .where(eq(referralLinks.inviterId, memberId))
      .orderBy(desc(referralLinks.createdAt))
      .limit(500);
    const sums = await this.db
      .select({
        inviteeId: referralCommissions.inviteeId,
        deposits: count(),
        paid: sql<string>`coalesce(sum(${referralCommissions.commission}) filter (where not ${referralCommissions.withheld}), 0)`,
      })
      .from(referralCommissions)
      .where(eq(referralCommissions.inviterId, memberId))
      .groupBy(referralCommissions.inviteeId);
    const byInvitee = new Map(sums.map((s) => [s.inviteeId, s]));
    const link = (await this.db.select().from(referralLinks).where(eq(referralLinks.inviteeId, memberId)))[0];
    const people = await referralFacts(this.db, [...links.map((l) => l.inviteeId), ...(link ? [link.inviterId] : [])]);
    const earned = sums.reduce((total, s) => total + BigInt(s.paid), 0n);
    const claimable = await new LedgerService(this.db).balance(memberInvite(memberId), member.currency);
    return {
      memberId,
      inviter: link ? { memberId: link.inviterId, name: people.get(link.inviterId)?.name ?? '' } : null,
      invitees: links.map((l) => ({
        memberId: l.inviteeId,
        name: people.get(l.inviteeId)?.name ?? '',
        joinedAt: l.createdAt.toISOString(),
        deposits: byInvitee.get(l.inviteeId)?.deposits ?? 0,
        commission: toMajor(BigInt(byInvitee.get(l.inviteeId)?.paid ?? '0')),
        selfReferral: l.signals.length > 0,
      })),
      earned: toMajor(earned),
      claimable: toMajor(claimable),
    };
  }

  async commissions(q: PageQuery & { memberId?: number | undefined }): Promise<Page<CommissionRow>> {
    const where = and(
      eq(referralCommissions.withheld, false),
      q.memberId ? eq(referralCommissions.inviterId, q.memberId) : undefined,
      ...within(referralCommissions.createdAt, q),
    );
    const rows = await this.db
      .select()
      .from(referralCommissions)
      .where(where)
      .orderBy(desc(referralCommissions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [total] = await this.db.select({ n: count() }).from(referralCommissions).where(where);
    const names = await referralFacts(this.db, [...new Set(rows.map((r) => r.inviteeId))]);
    return {
      rows: rows.map((r) => ({
        id: String(r.id),
        inviterId: r.inviterId,
        inviteeId: r.inviteeId,
        inviteeName: names.get(r.inviteeId)?.name ?? '',
        depositId: r.depositId,
        deposit: toMajor(r.deposit),
        percent: percentFromBasisPoints(r.basisPoints),
        commission: toMajor(r.commission),
        currency: r.currency,
        createdAt: r.createdAt.toISOString(),
      })),
      total: Number(total?.n ?? 0),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Invites flagged as possible self-referrals, newest flag first, with their signals and review state. */
  async flags(q: PageQuery): Promise<Page<SelfReferralFlag>> {
    const where = and(
      isNotNull(referralLinks.flaggedAt),
      q.from ? gte(referralLinks.flaggedAt, new Date(q.from)) : undefined,
      q.to ? lt(referralLinks.flaggedAt, new Date(q.to)) : undefined,
    );
    const rows = await this.flagRows(where, q);
    const [total] = await this.db.select({ n: count() }).from(referralLinks).where(where);
    return { rows, total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
  }

  /** One flagged invite as the console lists it (NOT_FOUND when the invitee has no flagged link). */
  async flag(inviteeId: number, db: Db | Tx = this.db): Promise<SelfReferralFlag> {
    const where = and(isNotNull(referralLinks.flaggedAt), eq(referralLinks.inviteeId, inviteeId));
    const [row] = await this.flagRows(where, { page: 1, pageSize: 1 }, db);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async flagRows(
    where: SQL | undefined,
    q: { page: number; pageSize: number },
    db: Db | Tx = this.db,
  ): Promise<SelfReferralFlag[]> {
    const rows = await db
      .select({
        link: referralLinks,
        withheld: sql<string>`(select coalesce(sum(c.commission), 0) from referral_commissions c
          where c.invitee_id = referral_links.invitee_id and c.withheld)`,
        paid: sql<string>`(select coalesce(sum(c.commission), 0) from referral_commissions c
          where c.invitee_id = referral_links.invitee_id and not c.withheld)`,
      })
      .from(referralLinks)
      .where(where)
      .orderBy(desc(referralLinks.flaggedAt), desc(referralLinks.inviteeId))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const people = await referralFacts(db, [...rows.flatMap((r) => [r.link.inviteeId, r.link.inviterId])]);
    return rows.map(({ link, withheld, paid }) => ({
      id: link.inviteeId,
      inviterId: link.inviterId,
      inviterName: people.get(link.inviterId)?.name ?? '',
      inviteeId: link.inviteeId,
      inviteeName: people.get(link.inviteeId)?.name ?? '',
      signals: link.signals as Signal[],
      sharedAddresses: link.sharedAddresses,
      // a link flagged before reviews existed reads as held
      review: link.review === 'clear' ? 'held' : (link.review as SelfReferralFlag['review']),
      withheld: toMajor(BigInt(withheld)),
      paid: toMajor(BigInt(paid)),
      reviewedBy: link.reviewedBy,
      reviewedAt: link.reviewedAt?.toISOString() ?? null,
      reviewReason: link.reviewReason,
      createdAt: (link.flaggedAt ?? link.createdAt).toISOString(),
    }));
  }
}
