import { randomInt } from 'node:crypto';

/**
 * The demo slot: 3 independent weighted reels, one payline. Paytable, first match wins:
 * three of a kind pays THREE_OF_A_KIND[symbol] × stake; the first two reels alike pay 2×; a cherry on the first
 * reel pays 1× (stake back). Return to player is RTP ≈ 96.9% (slot-machine.test.ts enumerates it exactly).
 */
export const SLOT_SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'diamond', 'seven'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

export const REEL_WEIGHTS: Record<SlotSymbol, number> = { cherry: 7, lemon: 5, bell: 4, star: 2, diamond: 1, seven: 1 };
export const THREE_OF_A_KIND: Record<SlotSymbol, number> = {
  cherry: 5,
  lemon: 5,
  bell: 10,
  star: 15,
  diamond: 25,
  seven: 50,
};
export const TWO_OF_A_KIND_MULTIPLIER = 2;
export const CHERRY_MULTIPLIER = 1;

/** Bets the demo offers, in baht. */
export const SLOT_BETS_BAHT = [1, 5, 10, 50] as const;

export type SlotWin = 'three' | 'two' | 'cherry' | 'none';
export type SlotReels = [SlotSymbol, SlotSymbol, SlotSymbol];

const TOTAL_WEIGHT = SLOT_SYMBOLS.reduce((sum, s) => sum + REEL_WEIGHTS[s], 0);

export function evaluate(reels: SlotReels): { win: SlotWin; multiplier: number } {
  const [a, b, c] = reels;
  if (a === b && b === c) return { win: 'three', multiplier: THREE_OF_A_KIND[a] };
  if (a === b) return { win: 'two', multiplier: TWO_OF_A_KIND_MULTIPLIER };
  if (a === 'cherry') return { win: 'cherry', multiplier: CHERRY_MULTIPLIER };
  return { win: 'none', multiplier: 0 };
}

function drawSymbol(): SlotSymbol {
  let ticket = randomInt(TOTAL_WEIGHT);
  for (const symbol of SLOT_SYMBOLS) {
    ticket -= REEL_WEIGHTS[symbol];
    if (ticket < 0) return symbol;
  }
  throw new Error('unreachable: weights do not cover the draw');
}

export function spinReels(): SlotReels {
  return [drawSymbol(), drawSymbol(), drawSymbol()];
}

/** The exact return to player of the paytable (sum over every reel combination). */
export function returnToPlayer(): number {
  let rtp = 0;
  for (const a of SLOT_SYMBOLS) {
    for (const b of SLOT_SYMBOLS) {
      for (const c of SLOT_SYMBOLS) {
        const p = (REEL_WEIGHTS[a] * REEL_WEIGHTS[b] * REEL_WEIGHTS[c]) / TOTAL_WEIGHT ** 3;
        rtp += p * evaluate([a, b, c]).multiplier;
      }
    }
  }
  return rtp;
}
