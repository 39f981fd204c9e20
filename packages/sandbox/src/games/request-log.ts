import type { ActiveFaultMode, GameOp } from './fault-board.ts';

export type RequestLogEntry = {
  game: string;
  op: GameOp;
  transferId: string | null;
  username: string | null;
  /** ISO time the request arrived */
  at: string;
  /** the fault applied to it, if any */
  fault: ActiveFaultMode | null;
};

export type RequestLogFilter = { game?: string; op?: string; transferId?: string };

/**
 * Every signed provider request the sandbox accepted, oldest first, so tests can prove which ids were sent; the
 * newest `capacity` (default 10,000) are kept.
 */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  constructor(private readonly capacity = 10_000) {}

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(filter: RequestLogFilter = {}): RequestLogEntry[] {
    return this.entries.filter(
      (e) =>
        (filter.game === undefined || e.game === filter.game) &&
        (filter.op === undefined || e.op === filter.op) &&
        (filter.transferId === undefined || e.transferId === filter.transferId),
    );
  }

  clear(): void {
    this.entries = [];
  }
}
