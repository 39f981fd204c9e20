import type { Page } from '@wallet/contract/admin/paging';
import type { AdminCondition, AdminPromotion, PromotionInput } from '@wallet/contract/admin/promotions';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { promotionClaims, promotionConditions, promotions } from '../../db/schema/promotions.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../lib/uploads/received-file.ts';
import { saveUpload } from '../../lib/uploads/store-upload.ts';
import type { ObjectStorage } from '../../providers/storage/object-storage.ts';
import { appendAudit } from '../audit/audit.api.ts';
import type { AuthOperator } from '../auth/auth.api.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';
import { toMajor, toMinor } from '../ledger/ledger.api.ts';
import type { PromotionRow } from './bonus-claim.ts';
import type { CollectGames } from './bonus.service.ts';
import { cancelCondition, overMaxBets, progressOf, type ConditionRow } from './condition-engine.ts';
import { BANNER_UPLOAD, bannerPath } from './banner-media.ts';
import { promotionReport } from './promotion-report.ts';

type Meta = { ip: string | null };
type AdminDeps = { db: Db; clock: Clock; ledger: LedgerService; storage: ObjectStorage; collectGames: CollectGames };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function fields(input: PromotionInput) {
  return {
    ...input,
    minDeposit: toMinor(input.minDeposit),
    maxAmount: toMinor(input.maxAmount),
    maxBet: input.maxBet === null ? null : toMinor(input.maxBet),
    maxBalanceAtClaim: input.maxBalanceAtClaim === null ? null : toMinor(input.maxBalanceAtClaim),
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}

function toAdmin(p: PromotionRow, claims: number): AdminPromotion {
  return {
    ...p,
    minDeposit: toMajor(p.minDeposit),
    maxAmount: toMajor(p.maxAmount),
    maxBet: p.maxBet === null ? null : toMajor(p.maxBet),
    maxBalanceAtClaim: p.maxBalanceAtClaim === null ? null : toMajor(p.maxBalanceAtClaim),
    startsAt: iso(p.startsAt),
    endsAt: iso(p.endsAt),
    claims,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

async function toAdminCondition(db: Db, c: ConditionRow, code: string | null): Promise<AdminCondition> {
  const progress = c.status === 'running' ? (await progressOf(db, c)).progress : c.progress;
  return {
    id: c.id,
    memberId: c.memberId,
    source: c.source,
    promotionId: c.promotionId,
    promotionCode: code,
    status: c.status,
    successRule: c.successRule,
    base: toMajor(c.base),
    bonus: toMajor(c.bonus),
    progress: toMajor(progress < 0n ? 0n : progress),
    target: toMajor(c.target),
    failBelow: toMajor(c.failBelow),
    maxWithdraw: c.maxWithdraw === null ? null : toMajor(c.maxWithdraw),
    maxBet: c.maxBet === null ? null : toMajor(c.maxBet),
    overMaxBets: await overMaxBets(db, c),
    forfeited: toMajor(c.forfeited),
    startedAt: c.startedAt.toISOString(),
    endedAt: iso(c.endedAt),
    endReason: c.endReason,
  };
}

/** The back-office side of promotions (role marketing): every change writes an audit row in its transaction. */
export class PromotionAdminService {
  constructor(private readonly deps: AdminDeps) {}

  async list(): Promise<{ promotions: AdminPromotion[] }> {
    const rows = await this.deps.db.select().from(promotions).orderBy(desc(promotions.id));
    const claims = await this.deps.db
      .select({ id: promotionClaims.promotionId, n: count() })
      .from(promotionClaims)
      .groupBy(promotionClaims.promotionId);
    const byId = new Map(claims.map((c) => [c.id, c.n]));
    return { promotions: rows.map((p) => toAdmin(p, byId.get(p.id) ?? 0)) };
  }

  create(actor: AuthOperator, input: PromotionInput, meta: Meta) {
    return this.save(actor, null, input, meta);
  }

  update(actor: AuthOperator, id: number, input: PromotionInput, meta: Meta) {
    return this.save(actor, id, input, meta);
  }

  private async save(actor: AuthOperator, id: number | null, input: PromotionInput, meta: Meta) {
    const now = this.deps.clock.now();
    try {
      return await this.deps.db.transaction(async (tx) => {
        let before: PromotionRow | undefined;
        let row: PromotionRow | undefined;
        if (id === null) {
          [row] = await tx
            .insert(promotions)
            .values({ ...fields(input), createdAt: now, updatedAt: now })
            .returning();
        } else {
          [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
          if (!before) throw new AppError('NOT_FOUND');
          [row] = await tx
            .update(promotions)
            .set({ ...fields(input), updatedAt: now })
            .where(eq(promotions.id, id))
            .returning();
        }
        if (!row) throw new Error('promotions: save returned nothing');
        const claims = await claimCount(tx, row.id);
        const after = toAdmin(row, claims);
        await appendAudit(
          tx,
          {
            actor: { id: actor.id, username: actor.username },
            action: before ? 'promotions.update' : 'promotions.create',
            target: `promotion:${row.id}`,
            before: before ? toAdmin(before, claims) : null,
            after,
            ip: meta.ip,
          },
          now,
        );
        return { promotion: after };
      });
    } catch (err) {
      // the code is taken (PROMOTION_RECEIVED would mislead: a clear 409-ish refusal of the input)
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('KEY_INVALID');
      throw err;
    }
  }

  /** A banner image: checked and re-encoded by the uploads helper, stored, audited; answers its public path. */
  async uploadBanner(actor: AuthOperator, file: ReceivedFile | null, meta: Meta) {
    const stored = await saveUpload(this.deps.storage, file, BANNER_UPLOAD);
    const path = bannerPath(stored.key);
    await this.deps.db.transaction((tx) =>
      appendAudit(
        tx,
        {
          actor: { id: actor.id, username: actor.username },
          action: 'promotions.uploadBanner',
          target: stored.key,
          before: null,
          after: { path, size: stored.size, contentType: stored.contentType },
          ip: meta.ip,
        },
        this.deps.clock.now(),
      ),
    );
    return { path };
  }

  async conditions(query: {
    page: number;
    pageSize: number;
    from?: string | undefined;
    to?: string | undefined;
    status?: ConditionRow['status'] | undefined;
  }): Promise<Page<AdminCondition>> {
    const where: SQL[] = [];
    if (query.status) where.push(eq(promotionConditions.status, query.status));
    if (query.from) where.push(gte(promotionConditions.startedAt, new Date(query.from)));
    if (query.to) where.push(lt(promotionConditions.startedAt, new Date(query.to)));
    const filter = where.length > 0 ? and(...where) : undefined;
    const [total] = await this.deps.db.select({ n: count() }).from(promotionConditions).where(filter);
    const rows = await this.deps.db
      .select({ c: promotionConditions, code: promotions.code })
      .from(promotionConditions)
      .leftJoin(promotions, eq(promotions.id, promotionConditions.promotionId))
      .where(filter)
      .orderBy(desc(promotionConditions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      rows: await Promise.all(rows.map((r) => toAdminCondition(this.deps.db, r.c, r.code))),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async memberConditions(memberId: number): Promise<{ conditions: AdminCondition[] }> {
    const rows = await this.deps.db
      .select({ c: promotionConditions, code: promotions.code })
      .from(promotionConditions)
      .leftJoin(promotions, eq(promotions.id, promotionConditions.promotionId))
      .where(eq(promotionConditions.memberId, memberId))
      .orderBy(desc(promotionConditions.id))
      .limit(100);
    return { conditions: await Promise.all(rows.map((r) => toAdminCondition(this.deps.db, r.c, r.code))) };
  }

  /**
   * The operator's cancel: forfeits like the member's own (game balances collected first; BONUS_CANCEL_GAME_BALANCE
   * while some of it is still away), then an audit row; an ended condition is BONUS_CLEAR.
   */
  async cancel(actor: AuthOperator, id: number, reason: string, meta: Meta) {
    const [found] = await this.deps.db
      .select({ c: promotionConditions, code: promotions.code })
      .from(promotionConditions)
      .leftJoin(promotions, eq(promotions.id, promotionConditions.promotionId))
      .where(eq(promotionConditions.id, id));
    if (!found) throw new AppError('NOT_FOUND');
    if (found.c.status !== 'running') throw new AppError('BONUS_CLEAR');
    await this.deps.collectGames({ id: found.c.memberId, currency: found.c.currency });
    const now = this.deps.clock.now();
    const before = await toAdminCondition(this.deps.db, found.c, found.code);
    const ended: AdminCondition = {
      ...before,
      status: 'cancelled',
      endedAt: now.toISOString(),
      endReason: `operator:${actor.username}: ${reason}`,
    };
    const { forfeited } = await cancelCondition(
      this.deps.ledger,
      found.c,
      { at: now, reason: ended.endReason ?? reason },
      (tx, forfeited) =>
        appendAudit(
          tx,
          {
            actor: { id: actor.id, username: actor.username },
            action: 'promotions.cancelCondition',
            target: `member:${found.c.memberId}:condition:${id}`,
            before,
            after: { ...ended, forfeited: toMajor(forfeited), reason },
            ip: meta.ip,
          },
          now,
        ).then(() => undefined),
    );
    return { condition: { ...ended, forfeited: toMajor(forfeited) } };
  }

  report(query: { from?: string | undefined; to?: string | undefined }) {
    return promotionReport(this.deps.db, this.deps.clock.now(), query);
  }
}

async function claimCount(tx: Tx, promotionId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(promotionClaims)
    .where(eq(promotionClaims.promotionId, promotionId));
  return row?.n ?? 0;
}
