import type { Config } from '../config/env.ts';
import type { ChangeBus } from './change-bus.ts';
import type { MemberChangeScope } from './change-signals.ts';

const MAX_ENTRIES = 50_000;

/** The change-bus topic of member evictions. */
const TOPIC = 'member-invalidate';

/**
 * Per-member views kept in this process (the wallet view, session rows), evicted through ONE entry point,
 * `invalidate(memberId)`, which also tells every other process on the process's change bus (topic
 * `member-invalidate`: the same Redis connections as the settings' notices, one subscriber per process).
 * Whenever notices may have been missed (the bus reconnected) it starts over, and while the bus is down it serves
 * nothing from memory.
 * A read that was in flight when its member was invalidated is not stored (generation check), so a value read
 * before a commit never outlives that commit's invalidation.
 */
export class MemberCache {
  private readonly generations = new Map<number, number>();
  private readonly views = new Map<number, Map<string, unknown>>();
  private readonly sessions = new Map<string, { memberId: number; value: unknown }>();
  /** null: this process alone (nothing to tell anyone) */
  private readonly bus: ChangeBus | null;

  constructor(options: { bus?: ChangeBus } = {}) {
    this.bus = options.bus ?? null;
    // `<id>`: everything of the member; `<id> view`: the views only (a money move keeps the session rows)
    this.bus?.subscribe(TOPIC, (message) => {
      const [id, scope] = message.split(' ');
      this.evict(Number(id), scope === 'view' ? 'view' : 'all');
    });
    this.bus?.onResync(() => this.clear());
  }

  /** Whether memory may answer: not while the bus is down (other processes' evictions would be missed). */
  private get trusted(): boolean {
    return this.bus?.live ?? true;
  }

  /**
   * Evict the member here at once and in every other process (fire-and-forget publish): `all` (the default) their
   * views and session rows, `view` the views only (balances changed; sessions, profile and status did not).
   */
  invalidate(memberId: number, scope: MemberChangeScope = 'all'): void {
    this.evict(memberId, scope);
    this.bus?.publish(TOPIC, scope === 'view' ? `${memberId} view` : String(memberId)).catch(() => undefined);
  }

  /** A member's view named `kind`, loaded by `load` on a miss. */
  async view<T>(kind: string, memberId: number, load: () => Promise<T>): Promise<T> {
    if (!this.trusted) return load();
    const hit = this.views.get(memberId)?.get(kind);
    if (hit !== undefined) return hit as T;
    const generation = this.generations.get(memberId) ?? 0;
    const value = await load();
    if ((this.generations.get(memberId) ?? 0) === generation && value !== undefined) {
      this.makeRoom(this.views);
      let byKind = this.views.get(memberId);
      if (!byKind) this.views.set(memberId, (byKind = new Map()));
      byKind.set(kind, value);
    }
    return value;
  }

  /** A session row by session id; `memberOf` names the member it belongs to (for invalidation). */
  async session<T>(
    sid: string,
    load: () => Promise<T | undefined>,
    memberOf: (row: T) => number,
  ): Promise<T | undefined> {
    if (!this.trusted) return load();
    const hit = this.sessions.get(sid);
    if (hit) return hit.value as T;
    const epoch = this.epoch;
    const row = await load();
    // a session read does not know its member until it returns: store it only if nothing was evicted meanwhile
    if (row !== undefined && this.epoch === epoch) {
      const memberId = memberOf(row);
      if (this.sessions.size >= MAX_ENTRIES) this.clearSessions();
      this.sessions.set(sid, { memberId, value: row });
      let sids = this.sessionsByMember.get(memberId);
      if (!sids) this.sessionsByMember.set(memberId, (sids = new Set()));
      sids.add(sid);
    }
    return row;
  }

  /** Drop one session row here only (to re-read it); not a revocation. */
  forgetSession(sid: string): void {
    const entry = this.sessions.get(sid);
    this.sessions.delete(sid);
    if (entry) this.sessionsByMember.get(entry.memberId)?.delete(sid);
  }

  /** bumps on every eviction of session rows */
  private epoch = 0;
  private readonly sessionsByMember = new Map<number, Set<string>>();

  private evict(memberId: number, scope: MemberChangeScope): void {
    if (!Number.isSafeInteger(memberId)) return;
    if (this.generations.size >= MAX_ENTRIES) this.generations.clear();
    this.generations.set(memberId, (this.generations.get(memberId) ?? 0) + 1);
    this.views.delete(memberId);
    if (scope === 'view') return;
    this.epoch++;
    for (const sid of this.sessionsByMember.get(memberId) ?? []) this.sessions.delete(sid);
    this.sessionsByMember.delete(memberId);
  }

  private clearSessions(): void {
    this.sessions.clear();
    this.sessionsByMember.clear();
  }

  private clear(): void {
    this.epoch++;
    this.generations.clear();
    this.views.clear();
    this.clearSessions();
  }

  private makeRoom(map: Map<unknown, unknown>): void {
    if (map.size >= MAX_ENTRIES) map.clear();
  }
}

/**
 * The member cache is on when every process that could change a member hears about it: one process on the
 * embedded database, or any number sharing Redis (REDIS_URL). PostgreSQL without Redis may be several processes
 * with no way to tell each other, so it stays off. MEMBER_CACHE=off turns it off everywhere.
 */
export function createMemberCache(config: Config, kind: string, bus: ChangeBus): MemberCache | null {
  if (config.memberCache === 'off') return null;
  if (config.redisUrl) return new MemberCache({ bus });
  return kind === 'pglite' || config.memberCache === 'on' ? new MemberCache() : null;
}
