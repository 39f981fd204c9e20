// A member's limits and breaks: the view, a member's own changes and an operator's tightening
// (docs/responsible-play.md §3, §5; docs/decisions/0039).
import type { RealityCheck, ResponsiblePlay, SetLimit, StartBreak } from '@wallet/contract/responsible-play';
import { REALITY_CHECK_MINUTES } from '@wallet/contract/responsible-play';
import type { Db, Tx } from '../../db/client.ts';
import { RESPONSIBLE_LIMIT_KINDS, responsibleBreaks, responsibleLimits } from '../../db/schema/responsible-play.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../clock.ts';
import { appendAudit, type AuditActor } from '../audit/audit.api.ts';
import { lockMemberMoney, toMajor, toMinor } from '../ledger/ledger.api.ts';
import { limitRows, liftTime, runningBreak } from './guards.ts';
import { applyChange, effectiveLimit, isTighter } from './limit-rules.ts';
import { depositedSince, gameMoneySince, lostSince } from './usage.ts';
import { periodOf, type LimitPeriod } from './windows.ts';

type Deps = { db: Db; clock: Clock };
/** who asks: the member, or an operator (tighten only, audited) */
export type Changer = { kind: 'member' } | { kind: 'operator'; actor: AuditActor; ip: string | null; reason: string };

const isMoneyKind = (kind: string): boolean => kind !== 'reality_check';

/** The stored value of a request: money in minor units, the reality check in whole minutes (KEY_INVALID otherwise). */
function storedValue(kind: SetLimit['kind'], value: number | null): bigint | null {
  if (value === null) return null;
  if (isMoneyKind(kind)) return toMinor(value);
  if (!Number.isInteger(value) || value < REALITY_CHECK_MINUTES.min || value > REALITY_CHECK_MINUTES.max)
    throw new AppError('KEY_INVALID');
  return BigInt(value);
}
const shown = (kind: string, v: bigint | null): number | null =>
  v === null ? null : isMoneyKind(kind) ? toMajor(v) : Number(v);

/** `now` + whole months on the calendar (a self-exclusion of 6 months ends on the same day 6 months later) */
function addMonths(now: Date, months: number): Date {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

export class ResponsiblePlayService {
  constructor(private readonly deps: Deps) {}

  /**
   * GET /api/responsible-play/session: the reality check's figures, counted from the session's start on the server
   * (`startedAt`, from the auth module) — money into games and back out from our own transfer rows, exact at once.
   */
  async realityCheck(memberId: number, currency: string, startedAt: Date): Promise<RealityCheck> {
    const now = this.deps.clock.now();
    const rows = await limitRows(this.deps.db, memberId);
    const minutes = effectiveLimit(
      rows.find((r) => r.kind === 'reality_check'),
      now,
    );
    const { toGames, fromGames } = await gameMoneySince(this.deps.db, memberId, startedAt);
    return {
      startedAt: startedAt.toISOString(),
      now: now.toISOString(),
      minutes: minutes === null ? null : Number(minutes),
      currency,
      toGames: toMajor(toGames),
      fromGames: toMajor(fromGames),
      net: toMajor(fromGames - toGames),
    };
  }

  async view(memberId: number, db: Db | Tx = this.deps.db): Promise<ResponsiblePlay> {
    const now = this.deps.clock.now();
    const rows = await limitRows(db, memberId);
    const limits = await Promise.all(
      RESPONSIBLE_LIMIT_KINDS.map(async (kind) => {
        const row = rows.find((r) => r.kind === kind);
        const value = effectiveLimit(row, now);
        const isPendingAhead = !!row?.hasPending && !!row.pendingAt && row.pendingAt > now;
        let used: number | null = null;
        if (isMoneyKind(kind)) {
          const [family, period] = kind.split('_') as ['deposit' | 'loss', LimitPeriod];
          const { from } = periodOf(period, now);
          used = toMajor(
            family === 'deposit' ? await depositedSince(db, memberId, from) : await lostSince(db, memberId, from),
          );
        }
        return {
          kind,
          value: shown(kind, value),
          pending: isPendingAhead
            ? { value: shown(kind, row.pendingValue), effectiveAt: row.pendingAt!.toISOString() }
            : null,
          used,
        };
      }),
    );
    const running = await runningBreak(db, memberId, now);
    return { limits, break: running ? { kind: running.kind, until: running.until.toISOString() } : null };
  }

  async setLimit(memberId: number, request: SetLimit, by: Changer): Promise<ResponsiblePlay> {
    const next = storedValue(request.kind, request.value);
    await this.deps.db.transaction(async (tx) => {
      // one change at a time per member, in line with the guards that read the limits (ADR 0019's lock)
      await lockMemberMoney(tx, memberId);
      const now = this.deps.clock.now();
      const [row] = (await limitRows(tx, memberId)).filter((r) => r.kind === request.kind);
      const current = effectiveLimit(row, now);
      if (by.kind === 'operator' && !isTighter(next, current)) throw new AppError('LIMIT_TIGHTEN_ONLY');
      const change = applyChange(row, next, now);
      const updatedBy = by.kind === 'member' ? 'member' : `operator:${by.actor.username}`;
      await tx
        .insert(responsibleLimits)
        .values({ memberId, kind: request.kind, ...change, updatedAt: now, updatedBy })
        .onConflictDoUpdate({
          target: [responsibleLimits.memberId, responsibleLimits.kind],
          set: { ...change, updatedAt: now, updatedBy },
        });
      if (by.kind === 'operator')
        await appendAudit(
          tx,
          {
            actor: by.actor,
            action: 'member.responsiblePlay.limit',
            target: `member:${memberId}`,
            before: { kind: request.kind, value: shown(request.kind, current) },
            after: { kind: request.kind, value: request.value, reason: by.reason },
            ip: by.ip,
          },
          now,
        );
    });
    return this.view(memberId);
  }

  /** A break only ever ends later than a running one (COOLING_OFF / SELF_EXCLUDED otherwise: it cannot be shortened). */
  async startBreak(memberId: number, request: StartBreak, by: Changer): Promise<ResponsiblePlay> {
    await this.deps.db.transaction(async (tx) => {
      await lockMemberMoney(tx, memberId);
      const now = this.deps.clock.now();
      const endsAt =
        request.kind === 'cooling_off'
          ? new Date(now.getTime() + request.days * 86_400_000)
          : addMonths(now, request.months);
      const running = await runningBreak(tx, memberId, now);
      // a cooling-off never replaces a self-exclusion, and nothing shortens a running break
      if (running && (running.until >= endsAt || (running.kind === 'self_exclusion' && request.kind === 'cooling_off')))
        throw new AppError(running.kind === 'self_exclusion' ? 'SELF_EXCLUDED' : 'COOLING_OFF', undefined, {
          reason: 'UNTIL',
          values: { until: liftTime(running.until) },
        });
      const createdBy = by.kind === 'member' ? 'member' : `operator:${by.actor.username}`;
      await tx.insert(responsibleBreaks).values({ memberId, kind: request.kind, startsAt: now, endsAt, createdBy });
      if (by.kind === 'operator')
        await appendAudit(
          tx,
          {
            actor: by.actor,
            action: 'member.responsiblePlay.break',
            target: `member:${memberId}`,
            before: running ? { kind: running.kind, until: running.until.toISOString() } : null,
            after: { kind: request.kind, until: endsAt.toISOString(), reason: by.reason },
            ip: by.ip,
          },
          now,
        );
    });
    return this.view(memberId);
  }
}
