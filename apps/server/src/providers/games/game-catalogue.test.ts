import { GAME_CODES } from '@wallet/contract/limits';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_CATALOGUE, findGame } from './game-catalogue.ts';

const PUBLIC_DIR = path.join(import.meta.dirname, '../../../../player/public');

describe('game catalogue', () => {
  it('lists the 11 games in their categories', () => {
    expect(GAME_CATALOGUE.map((g) => g.code)).toEqual([...GAME_CODES]);
    const byCategory = (c: string) => GAME_CATALOGUE.filter((g) => g.category === c).map((g) => g.code);
    expect(byCategory('sport')).toEqual(['betflix', 'askmebet', 'usun']);
    expect(byCategory('lotto')).toEqual(['huayhd']);
    expect(byCategory('slot')).toHaveLength(7);
    expect(findGame('joker2')?.name).toBe('Joker');
    expect(findGame('ufabet')).toBeUndefined();
    expect(GAME_CATALOGUE.every((g) => g.ftWalletSlot === 1)).toBe(true);
  });

  it('has a logo and a background SVG for every game', () => {
    for (const game of GAME_CATALOGUE) {
      for (const file of [game.logo, game.background]) {
        const full = path.join(PUBLIC_DIR, file);
        expect(existsSync(full), file).toBe(true);
        const svg = readFileSync(full, 'utf8');
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        expect(svg).not.toMatch(/<script|href="http|on\w+=/i);
      }
    }
  });
});
