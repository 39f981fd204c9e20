import type { GameCategory, GameCode } from '@wallet/contract/limits';
import { GAME_CODES } from '@wallet/contract/limits';

/** The sandbox's own catalogue of the 11 games it simulates (display name and category). */
export const SANDBOX_GAMES = {
  pg: { name: 'PG Soft', category: 'slot' },
  betflix: { name: 'Betflix', category: 'sport' },
  askmebet: { name: 'AskMeBet', category: 'sport' },
  imi: { name: 'IMI', category: 'slot' },
  usun: { name: 'USUN', category: 'sport' },
  areaslot: { name: 'Area Slot', category: 'slot' },
  circus: { name: 'Circus', category: 'slot' },
  slotracha: { name: 'Slot Racha', category: 'slot' },
  pgslot: { name: 'PG Slot', category: 'slot' },
  joker2: { name: 'Joker', category: 'slot' },
  huayhd: { name: 'Huay HD', category: 'lotto' },
} as const satisfies Record<GameCode, { name: string; category: GameCategory }>;

export function isGameCode(value: string): value is GameCode {
  return (GAME_CODES as readonly string[]).includes(value);
}
