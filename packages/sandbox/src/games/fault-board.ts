import { GAME_CODES } from '@wallet/contract/limits';
import { z } from 'zod';

/** Every operation of the provider protocol, as named in the request log and in fault filters. */
export const GAME_OPS = [
  'createPlayer',
  'changePassword',
  'deposit',
  'withdraw',
  'balance',
  'transferStatus',
  'cancel',
  'launch',
  'bets',
] as const;
export type GameOp = (typeof GAME_OPS)[number];

export const FAULT_MODES = ['none', 'latency', 'timeout', 'fail', 'success-then-timeout', 'unknown-status'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
export type ActiveFaultMode = Exclude<FaultMode, 'none'>;

export const FaultSpecSchema = z.strictObject({
  /** one game, or every game when absent */
  game: z.enum(GAME_CODES).optional(),
  mode: z.enum(FAULT_MODES),
  /** latency: the added delay; timeout modes: how long the answer is held (default: the plugin's holdMs) */
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  /** how many matching requests it applies to, then it is gone (default: until cleared) */
  times: z.number().int().min(1).optional(),
  /** which operations it applies to (default depends on the mode, see DEFAULT_FAULT_OPS) */
  ops: z.array(z.enum(GAME_OPS)).min(1).optional(),
});
export type FaultSpec = z.infer<typeof FaultSpecSchema>;

const TRANSFER_OPS: readonly GameOp[] = ['deposit', 'withdraw'];
export const DEFAULT_FAULT_OPS: Record<ActiveFaultMode, readonly GameOp[]> = {
  latency: GAME_OPS,
  timeout: TRANSFER_OPS,
  fail: TRANSFER_OPS,
  'success-then-timeout': TRANSFER_OPS,
  'unknown-status': ['transferStatus'],
};

export type ActiveFault = {
  game: string | null;
  mode: ActiveFaultMode;
  latencyMs: number | null;
  /** requests left; Infinity until cleared */
  remaining: number;
  ops: readonly GameOp[];
};

/** The fault switches: the most recently set matching fault applies to a request. */
export class FaultBoard {
  private faults: ActiveFault[] = [];

  set(spec: FaultSpec): void {
    if (spec.mode === 'none') {
      this.faults = spec.game ? this.faults.filter((f) => f.game !== spec.game) : [];
      return;
    }
    this.faults.unshift({
      game: spec.game ?? null,
      mode: spec.mode,
      latencyMs: spec.latencyMs ?? null,
      remaining: spec.times ?? Number.POSITIVE_INFINITY,
      ops: spec.ops ?? DEFAULT_FAULT_OPS[spec.mode],
    });
  }

  clear(): void {
    this.faults = [];
  }

  list(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** The fault for this request, if any; counts one use of it. */
  take(game: string, op: GameOp): ActiveFault | undefined {
    const fault = this.faults.find((f) => (f.game === null || f.game === game) && f.ops.includes(op));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return { ...fault };
  }
}
