import { describe, expect, it } from 'vitest';
import { frictionProgress, planSpin, rotationAt, sliceAtPointer, wheelSize } from './wheel-geometry.ts';

const TAU = Math.PI * 2;

describe('wheel geometry', () => {
  it('sizes the wheel at 350 px or 85 % of the window width', () => {
    expect(wheelSize(1366)).toBe(350);
    expect(wheelSize(390)).toBe(331);
    expect(wheelSize(320)).toBe(272);
  });

  it('reads the slice under the pointer', () => {
    expect(sliceAtPointer(0, 8)).toBe(0);
    expect(sliceAtPointer(-TAU / 8 - 0.01, 8)).toBe(1);
    expect(sliceAtPointer(0.01, 8)).toBe(7);
    expect(sliceAtPointer(-TAU * 5 - (TAU / 8) * 3.5, 8)).toBe(3);
  });

  it('stops exactly on the server slice from any rotation, after 3 or 4 extra turns, moving forward', () => {
    for (const count of [2, 5, 8, 12]) {
      for (let target = 0; target < count; target++) {
        for (const current of [0, 1.234, -7.5, 100.2]) {
          for (const turns of [3, 4] as const) {
            for (const offset of [-0.49, 0, 0.3]) {
              const plan = planSpin(current, target, count, turns, offset);
              expect(sliceAtPointer(plan.to, count)).toBe(target);
              expect(sliceAtPointer(rotationAt(plan, plan.durationMs), count)).toBe(target);
              const travel = plan.to - plan.from;
              expect(travel).toBeGreaterThanOrEqual(turns * TAU);
              expect(travel).toBeLessThan((turns + 1) * TAU);
            }
          }
        }
      }
    }
  });

  it('takes 4 s for 3 turns and 5 s for 4', () => {
    expect(planSpin(0, 0, 8, 3).durationMs).toBe(4000);
    expect(planSpin(0, 0, 8, 4).durationMs).toBe(5000);
  });

  it('slows with friction: starts at 0, ends at exactly 1, never goes back, slower at the end than the start', () => {
    const d = 4500;
    expect(frictionProgress(0, d)).toBe(0);
    expect(frictionProgress(d, d)).toBe(1);
    expect(frictionProgress(d + 100, d)).toBe(1);
    let last = 0;
    for (let t = 0; t <= d; t += 16) {
      const p = frictionProgress(t, d);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
    const early = frictionProgress(100, d) - frictionProgress(0, d);
    const late = frictionProgress(d, d) - frictionProgress(d - 100, d);
    expect(late).toBeLessThan(early / 20);
    expect(frictionProgress(0, 0)).toBe(1); // reduced motion: no animation
  });
});
