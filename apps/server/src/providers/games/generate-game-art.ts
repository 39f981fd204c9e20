/**
 * Generates our own artwork for the 11 games (not the brands' logos): a gradient card background with
 * abstract shapes and an emblem + wordmark logo per game, into apps/player/public/games/<code>-{bg,logo}.svg.
 * Run: `npx tsx apps/server/src/providers/games/generate-game-art.ts` (output is committed; deterministic).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GameCode } from '@wallet/contract/limits';

type Motif =
  'rings' | 'stripes' | 'bubbles' | 'triangles' | 'rays' | 'hexes' | 'tent' | 'gems' | 'waves' | 'harlequin' | 'balls';
type Art = { colors: [string, string, string]; accent: string; motif: Motif; mono: string; words: string[] };

const ART: Record<GameCode, Art> = {
  pg: {
    colors: ['#00b894', '#006d77', '#022b3a'],
    accent: '#ffd166',
    motif: 'rings',
    mono: 'PG',
    words: ['PG', 'SOFT'],
  },
  betflix: {
    colors: ['#ff2e4d', '#8a0f2a', '#16040a'],
    accent: '#ffffff',
    motif: 'stripes',
    mono: 'B',
    words: ['BETFLIX'],
  },
  askmebet: {
    colors: ['#4f7cff', '#5b2bd6', '#140a3a'],
    accent: '#7df9ff',
    motif: 'bubbles',
    mono: 'AM',
    words: ['ASKME', 'BET'],
  },
  imi: { colors: ['#ff9f1c', '#e4007c', '#3a0030'], accent: '#fff3b0', motif: 'triangles', mono: 'i', words: ['IMI'] },
  usun: { colors: ['#ffd60a', '#ff7b00', '#b5179e'], accent: '#ffffff', motif: 'rays', mono: 'U', words: ['USUN'] },
  areaslot: {
    colors: ['#00e5ff', '#3a0ca3', '#0b0633'],
    accent: '#b8fff9',
    motif: 'hexes',
    mono: 'A',
    words: ['AREA', 'SLOT'],
  },
  circus: { colors: ['#ff4d4d', '#c1121f', '#3d0008'], accent: '#ffd23f', motif: 'tent', mono: 'C', words: ['CIRCUS'] },
  slotracha: {
    colors: ['#b388ff', '#6a00f4', '#1f0040'],
    accent: '#ffd700',
    motif: 'gems',
    mono: 'SR',
    words: ['SLOT', 'RACHA'],
  },
  pgslot: {
    colors: ['#ff5fa2', '#9d00ff', '#230046'],
    accent: '#ffe066',
    motif: 'waves',
    mono: 'PG',
    words: ['PG', 'SLOT'],
  },
  joker2: {
    colors: ['#38d39f', '#6b21a8', '#12001f'],
    accent: '#facc15',
    motif: 'harlequin',
    mono: 'J',
    words: ['JOKER'],
  },
  huayhd: {
    colors: ['#ffcc33', '#e63946', '#4a0410'],
    accent: '#ffffff',
    motif: 'balls',
    mono: 'HD',
    words: ['HUAY', 'HD'],
  },
};

const FONT = "'Arial Black','Helvetica Neue',Arial,sans-serif";
const W = 640;
const H = 360;

/** Deterministic pseudo-random numbers per game, so the output is stable. */
function prng(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function motifShapes(art: Art, rand: () => number): string {
  const a = art.accent;
  const out: string[] = [];
  switch (art.motif) {
    case 'rings':
      for (let i = 0; i < 7; i++)
        out.push(
          `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * H)}" r="${r1(30 + rand() * 110)}" fill="none" stroke="${a}" stroke-opacity="${r1(0.12 + rand() * 0.25)}" stroke-width="${r1(4 + rand() * 14)}"/>`,
        );
      break;
    case 'stripes':
      for (let i = 0; i < 9; i++)
        out.push(
          `<rect x="${i * 80 - 120}" y="-100" width="${r1(14 + rand() * 30)}" height="600" fill="${a}" fill-opacity="${r1(0.05 + rand() * 0.14)}" transform="rotate(28 ${i * 80} 180)"/>`,
        );
      break;
    case 'bubbles':
      for (let i = 0; i < 14; i++)
        out.push(
          `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * H)}" r="${r1(8 + rand() * 60)}" fill="${a}" fill-opacity="${r1(0.06 + rand() * 0.18)}"/>`,
        );
      break;
    case 'triangles':
      for (let i = 0; i < 12; i++) {
        const x = rand() * W,
          y = rand() * H,
          s = 30 + rand() * 90,
          t = rand() * 6.28;
        const p = [0, 2.094, 4.189]
          .map((k) => `${r1(x + s * Math.cos(t + k))},${r1(y + s * Math.sin(t + k))}`)
          .join(' ');
        out.push(`<polygon points="${p}" fill="${a}" fill-opacity="${r1(0.06 + rand() * 0.18)}"/>`);
      }
      break;
    case 'rays':
      for (let i = 0; i < 18; i += 2) {
        const t1 = (i / 18) * Math.PI,
          t2 = ((i + 1) / 18) * Math.PI;
        out.push(
          `<polygon points="${W / 2},${H + 40} ${r1(W / 2 - 900 * Math.cos(t1))},${r1(H + 40 - 900 * Math.sin(t1))} ${r1(W / 2 - 900 * Math.cos(t2))},${r1(H + 40 - 900 * Math.sin(t2))}" fill="${a}" fill-opacity="0.13"/>`,
        );
      }
      out.push(`<circle cx="${W / 2}" cy="${H + 40}" r="120" fill="${a}" fill-opacity="0.35"/>`);
      break;
    case 'hexes':
      for (let row = 0; row < 6; row++) {
        for (let col = 0; col < 10; col++) {
          if (rand() < 0.45) continue;
          const cx = col * 72 + (row % 2) * 36,
            cy = row * 62,
            s = 34;
          const p = [0, 1, 2, 3, 4, 5]
            .map(
              (k) =>
                `${r1(cx + s * Math.cos(Math.PI / 6 + (k * Math.PI) / 3))},${r1(cy + s * Math.sin(Math.PI / 6 + (k * Math.PI) / 3))}`,
            )
            .join(' ');
          out.push(
            `<polygon points="${p}" fill="none" stroke="${a}" stroke-opacity="${r1(0.12 + rand() * 0.3)}" stroke-width="3"/>`,
          );
        }
      }
      break;
    case 'tent':
      for (let i = 0; i < 16; i += 2) {
        const x1 = -80 + i * 50,
          x2 = x1 + 50;
        out.push(`<polygon points="${W / 2},-20 ${x1},${H} ${x2},${H}" fill="#ffffff" fill-opacity="0.14"/>`);
      }
      for (let i = 0; i < 10; i++)
        out.push(
          `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * H)}" r="${r1(3 + rand() * 6)}" fill="${a}" fill-opacity="0.8"/>`,
        );
      break;
    case 'gems':
      for (let i = 0; i < 10; i++) {
        const x = rand() * W,
          y = rand() * H,
          s = 16 + rand() * 46;
        out.push(
          `<polygon points="${r1(x)},${r1(y - s)} ${r1(x + s * 0.7)},${r1(y)} ${r1(x)},${r1(y + s)} ${r1(x - s * 0.7)},${r1(y)}" fill="${a}" fill-opacity="${r1(0.1 + rand() * 0.25)}"/>`,
        );
      }
      out.push(
        `<path d="M430 250 L450 170 L490 215 L520 150 L550 215 L590 170 L610 250 Z" fill="${a}" fill-opacity="0.22"/>`,
      );
      break;
    case 'waves':
      for (let i = 0; i < 6; i++) {
        const y = 60 + i * 55,
          amp = 18 + rand() * 26;
        out.push(
          `<path d="M-20 ${y} C 140 ${r1(y - amp)}, 220 ${r1(y + amp)}, 320 ${y} S 500 ${r1(y - amp)}, 660 ${y}" fill="none" stroke="${a}" stroke-opacity="${r1(0.12 + rand() * 0.22)}" stroke-width="${r1(6 + rand() * 12)}" stroke-linecap="round"/>`,
        );
      }
      break;
    case 'harlequin':
      for (let row = 0; row < 5; row++) {
        for (let col = 0; col < 9; col++) {
          if ((row + col) % 2) continue;
          const cx = col * 80,
            cy = row * 90;
          out.push(
            `<polygon points="${cx},${cy - 45} ${cx + 40},${cy} ${cx},${cy + 45} ${cx - 40},${cy}" fill="${a}" fill-opacity="${r1(0.06 + rand() * 0.14)}"/>`,
          );
        }
      }
      break;
    case 'balls':
      for (let i = 0; i < 9; i++) {
        const x = r1(40 + rand() * (W - 80)),
          y = r1(40 + rand() * (H - 80)),
          s = r1(18 + rand() * 26);
        out.push(
          `<circle cx="${x}" cy="${y}" r="${s}" fill="${a}" fill-opacity="0.2"/><text x="${x}" y="${r1(y + s * 0.35)}" text-anchor="middle" font-family="${FONT}" font-size="${r1(s)}" fill="${a}" fill-opacity="0.45">${Math.floor(rand() * 10)}</text>`,
        );
      }
      break;
  }
  return out.join('');
}

function background(code: GameCode, art: Art): string {
  const [c1, c2, c3] = art.colors;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice" width="${W}" height="${H}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="0.55" stop-color="${c2}"/><stop offset="1" stop-color="${c3}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.8" cy="0.15" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.5" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.45"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>${motifShapes(art, prng(code))}` +
    `<rect width="${W}" height="${H}" fill="url(#glow)"/><rect width="${W}" height="${H}" fill="url(#shade)"/></svg>\n`
  );
}

function logo(art: Art): string {
  const [c1, c2, c3] = art.colors;
  const monoSize = art.mono.length > 1 ? 34 : 50;
  const lines = art.words;
  const wordmark = lines
    .map((word, i) => {
      const big = i === 0 || lines.length === 1;
      const size = lines.length === 1 ? 40 : big ? 34 : 26;
      const y = lines.length === 1 ? 74 : i === 0 ? 56 : 90;
      const width = Math.min(140, word.length * size * 0.78);
      const fill = big ? 'url(#word)' : art.accent;
      return `<text x="112" y="${y}" font-family="${FONT}" font-weight="900" font-size="${size}" textLength="${r1(width)}" lengthAdjust="spacingAndGlyphs" fill="${fill}" stroke="${c3}" stroke-width="1.5" paint-order="stroke">${word}</text>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 260 120" width="260" height="120">` +
    `<defs><linearGradient id="emblem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>` +
    `<linearGradient id="word" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${art.accent}"/></linearGradient></defs>` +
    `<circle cx="56" cy="60" r="46" fill="${c3}"/><circle cx="56" cy="60" r="42" fill="url(#emblem)" stroke="${art.accent}" stroke-width="4"/>` +
    `<path d="M24 44 A36 36 0 0 1 78 26" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="5" stroke-linecap="round"/>` +
    `<text x="56" y="${60 + monoSize * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="${monoSize}" fill="#ffffff" stroke="${c3}" stroke-width="2" paint-order="stroke">${art.mono}</text>` +
    `${wordmark}</svg>\n`
  );
}

const outDir = path.join(import.meta.dirname, '../../../../player/public/games');
mkdirSync(outDir, { recursive: true });
for (const [code, art] of Object.entries(ART) as [GameCode, Art][]) {
  writeFileSync(path.join(outDir, `${code}-bg.svg`), background(code, art));
  writeFileSync(path.join(outDir, `${code}-logo.svg`), logo(art));
}
console.log(`wrote ${Object.keys(ART).length * 2} files to ${outDir}`);
