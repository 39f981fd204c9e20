import { useCallback, useEffect, useRef } from 'react';
import { planSpin, rotationAt } from './wheel-geometry.ts';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Turns the wheel element to a slice: 3–4 extra turns with a friction slow-down, stopping exactly on `target`
 * (wheel-geometry.ts). With prefers-reduced-motion the wheel is set on the slice at once. The rotation is written
 * straight to the element's style (no React render per frame); `data-rotation` exposes it to tests.
 */
export function useWheelSpin() {
  const rotorRef = useRef<HTMLCanvasElement | null>(null);
  const rotation = useRef(0);
  const frame = useRef(0);

  const apply = useCallback((value: number) => {
    rotation.current = value;
    const el = rotorRef.current;
    if (!el) return;
    el.style.transform = `rotate(${value}rad)`;
    el.dataset.rotation = String(value);
  }, []);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  /** the canvas as it mounts: it keeps the rotation it had (a re-setup after a resize redraws, never resets) */
  const setRotor = useCallback(
    (el: HTMLCanvasElement | null) => {
      rotorRef.current = el;
      if (el) apply(rotation.current);
    },
    [apply],
  );

  const spinTo = useCallback(
    (target: number, count: number): Promise<void> => {
      const turns = Math.random() < 0.5 ? 3 : 4;
      const plan = planSpin(rotation.current, target, count, turns, (Math.random() - 0.5) * 0.6);
      if (prefersReducedMotion()) {
        apply(plan.to);
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const start = performance.now();
        const step = (now: number) => {
          const elapsed = now - start;
          apply(rotationAt(plan, elapsed));
          if (elapsed >= plan.durationMs) return resolve();
          frame.current = requestAnimationFrame(step);
        };
        frame.current = requestAnimationFrame(step);
      });
    },
    [apply],
  );

  return { rotorRef, setRotor, spinTo };
}
