import type { SpinSetup } from '@wallet/contract/spinwheel';
import { useEffect, useRef } from 'react';
import { WHEEL_FONT_FAMILY } from './use-fonts-ready.ts';

type Slice = NonNullable<SpinSetup['activeSpinwheel']>['slices'][number];

export type WheelCanvasProps = {
  slices: Slice[];
  /** CSS pixels */
  size: number;
  /** the landed slice: every other sector is darkened */
  winner: number | null;
  isFontReady: boolean;
  /** the element the spin animation rotates */
  onRotor: (el: HTMLCanvasElement | null) => void;
};

const TAU = Math.PI * 2;

function fitFont(ctx: CanvasRenderingContext2D, label: string, maxWidth: number, start: number): number {
  let px = start;
  ctx.font = `700 ${px}px ${WHEEL_FONT_FAMILY}`;
  while (px > 9 && ctx.measureText(label).width > maxWidth) {
    px -= 1;
    ctx.font = `700 ${px}px ${WHEEL_FONT_FAMILY}`;
  }
  return px;
}

function draw(canvas: HTMLCanvasElement, slices: Slice[], size: number, winner: number | null, labels: boolean) {
  const dpr = Math.min(window.devicePixelRatio || 1, 3);
  canvas.width = Math.round(size * dpr);
  canvas.height = Math.round(size * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const c = size / 2;
  const rim = Math.max(8, size * 0.045);
  const r = c - rim;
  const a = TAU / slices.length;
  ctx.clearRect(0, 0, size, size);

  // rim with bulbs
  ctx.beginPath();
  ctx.arc(c, c, c - 1, 0, TAU);
  const rimGradient = ctx.createLinearGradient(0, 0, size, size);
  rimGradient.addColorStop(0, '#fde68a');
  rimGradient.addColorStop(0.5, '#b45309');
  rimGradient.addColorStop(1, '#fbbf24');
  ctx.fillStyle = rimGradient;
  ctx.fill();

  slices.forEach((slice, i) => {
    // slice i spans [i·a, (i+1)·a) clockwise from the top (canvas angle −π/2)
    const start = -Math.PI / 2 + i * a;
    ctx.beginPath();
    ctx.moveTo(c, c);
    ctx.arc(c, c, r, start, start + a);
    ctx.closePath();
    ctx.fillStyle = slice.bgColor;
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,0.35)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    if (winner !== null && i !== winner) {
      ctx.fillStyle = 'rgba(8, 6, 20, 0.62)';
      ctx.fill();
    }
    if (!labels) return;
    ctx.save();
    ctx.translate(c, c);
    const mid = start + a / 2;
    // labels on the left half are turned half a turn so they read upright while the wheel is at rest
    const isLeft = Math.cos(mid) < -1e-9;
    ctx.rotate(isLeft ? mid + Math.PI : mid);
    ctx.textAlign = isLeft ? 'left' : 'right';
    ctx.textBaseline = 'middle';
    fitFont(ctx, slice.label, r * 0.58, Math.round(size * 0.052));
    ctx.fillStyle = winner !== null && i !== winner ? 'rgba(255,255,255,0.45)' : slice.textColor;
    ctx.shadowColor = 'rgba(0,0,0,0.25)';
    ctx.shadowBlur = 2;
    const edge = r - size * 0.05;
    ctx.fillText(slice.label, isLeft ? -edge : edge, 0);
    ctx.restore();
  });

  for (let i = 0; i < slices.length * 2; i++) {
    const angle = (i / (slices.length * 2)) * TAU;
    ctx.beginPath();
    ctx.arc(c + Math.cos(angle) * (c - rim / 2), c + Math.sin(angle) * (c - rim / 2), rim * 0.22, 0, TAU);
    ctx.fillStyle = i % 2 ? '#fff7d6' : '#fde047';
    ctx.fill();
  }
}

/** docs/spec.md §2 spin: the canvas wheel, drawn from the setup's slices; the spin rotates the canvas element. */
export function WheelCanvas({ slices, size, winner, isFontReady, onRotor }: WheelCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    if (canvasRef.current) draw(canvasRef.current, slices, size, winner, isFontReady);
  }, [slices, size, winner, isFontReady]);
  return (
    <canvas
      ref={(el) => {
        canvasRef.current = el;
        onRotor(el);
      }}
      data-testid="spin-canvas"
      style={{ width: size, height: size }}
      className="block rounded-full shadow-[0_12px_40px_-8px_rgba(0,0,0,0.7)] will-change-transform"
      aria-hidden
    />
  );
}
