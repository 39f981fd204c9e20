import { WHEEL_FRAMES_PER_SECOND, WHEEL_FRICTION, WHEEL_MAX_PX, WHEEL_WIDTH_SHARE } from './constants.ts';

/**
 * The wheel's angle maths. Rotation is in radians, clockwise, 0 = slice 0 starting at the pointer (top). Slice i
 * covers [i·a, (i+1)·a) of the wheel, clockwise from its own top, a = 2π / n.
 */
const TAU = Math.PI * 2;
const mod = (x: number, m: number) => ((x % m) + m) % m;

/** docs/spec.md §9: at most 350 px, or 85 % of the window width when that is smaller. */
export const wheelSize = (windowWidth: number): number =>
  Math.floor(Math.min(WHEEL_MAX_PX, windowWidth * WHEEL_WIDTH_SHARE));

/** The slice under the pointer at a rotation. */
export function sliceAtPointer(rotation: number, count: number): number {
  const a = TAU / count;
  return Math.floor(mod(-rotation, TAU) / a) % count;
}

export type SpinPlan = { from: number; to: number; turns: number; durationMs: number };

/**
 * Where to stop so the pointer lands on `target`: `turns` (3 or 4) full turns beyond the current rotation, then on
 * to the slice, at `offset` ∈ (−0.5, 0.5) of a slice from its centre (a natural-looking, never-a-border stop).
 * 3 turns take 4 s, 4 turns 5 s (docs/spec.md §4: 3–4 extra turns, about 4–5 s, scaled).
 */
export function planSpin(current: number, target: number, count: number, turns: 3 | 4, offset = 0): SpinPlan {
  const a = TAU / count;
  const safeOffset = Math.max(-0.4, Math.min(0.4, offset));
  const stopAt = -(target + 0.5 + safeOffset) * a;
  const delta = mod(stopAt - current, TAU);
  return { from: current, to: current + turns * TAU + delta, turns, durationMs: 1000 * (turns + 1) };
}

/**
 * Progress 0 → 1 of a spin at `elapsedMs`: a friction slow-down (velocity × 0.991 per frame) shaped so that it
 * ends exactly at the plan's stop with zero speed: g(n) = 1 − fⁿ − n·(−ln f)·f^N, normalised by g(N).
 */
export function frictionProgress(elapsedMs: number, durationMs: number, friction = WHEEL_FRICTION): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return 1;
  if (elapsedMs <= 0) return 0;
  const frames = (durationMs / 1000) * WHEEL_FRAMES_PER_SECOND;
  const n = (elapsedMs / 1000) * WHEEL_FRAMES_PER_SECOND;
  const k = -Math.log(friction);
  const tail = k * friction ** frames;
  const g = (x: number) => 1 - friction ** x - x * tail;
  return g(n) / g(frames);
}

/** The rotation of a plan at `elapsedMs`. */
export const rotationAt = (plan: SpinPlan, elapsedMs: number): number =>
  plan.from + (plan.to - plan.from) * frictionProgress(elapsedMs, plan.durationMs);
