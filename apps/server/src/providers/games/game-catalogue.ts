import { GAME_CODES, type GameCategory, type GameCode } from '@wallet/contract/limits';

export type GameCatalogueEntry = {
  code: GameCode;
  /** display name */
  name: string;
  category: GameCategory;
  /** wallet factor: an active card shows balance × ftWalletSlot (docs/design.md §4) */
  ftWalletSlot: number;
  /** served by the player app from apps/player/public/games/ */
  logo: string;
  background: string;
};

const GAMES: Record<GameCode, { name: string; category: GameCategory; ftWalletSlot?: number }> = {
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
  huayhd: { name: 'Huay HD', category: 'lotto', ftWalletSlot: 1 },
};

/** The 11 games in the order of GAME_CODES, with their artwork. */
export const GAME_CATALOGUE: readonly GameCatalogueEntry[] = GAME_CODES.map((code) => ({
  code,
  name: GAMES[code].name,
  category: GAMES[code].category,
  ftWalletSlot: GAMES[code].ftWalletSlot ?? 1,
  logo: `/games/${code}-logo.svg`,
  background: `/games/${code}-bg.svg`,
}));

export function findGame(code: string): GameCatalogueEntry | undefined {
  return GAME_CATALOGUE.find((g) => g.code === code);
}
