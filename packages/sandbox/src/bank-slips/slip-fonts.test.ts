import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareSlipFonts, woffToSfnt } from './slip-fonts.ts';

const require = createRequire(import.meta.url);
const FILES = path.join(path.dirname(require.resolve('@fontsource/noto-sans-thai/package.json')), 'files');

/** The OpenType table checksum: the sum of the table's big-endian uint32 words (zero-padded). */
function checksum(data: Buffer): number {
  const padded = Buffer.alloc((data.length + 3) & ~3);
  data.copy(padded);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('slip fonts', () => {
  it('unwraps the Thai WOFF into a TrueType file whose every table matches its recorded checksum', () => {
    const sfnt = woffToSfnt(readFileSync(path.join(FILES, 'noto-sans-thai-thai-700-normal.woff')));
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const tables = new Map<string, Buffer>();
    for (let i = 0; i < sfnt.readUInt16BE(4); i++) {
      const at = 12 + i * 16;
      const tag = sfnt.toString('latin1', at, at + 4);
      const data = sfnt.subarray(sfnt.readUInt32BE(at + 8), sfnt.readUInt32BE(at + 8) + sfnt.readUInt32BE(at + 12));
      // head's checksum is taken with its checksumAdjustment field zeroed
      const own = tag === 'head' ? Buffer.concat([data.subarray(0, 8), Buffer.alloc(4), data.subarray(12)]) : data;
      expect(checksum(own), tag).toBe(sfnt.readUInt32BE(at + 4));
      tables.set(tag, data);
    }
    expect([...tables.keys()]).toEqual(expect.arrayContaining(['cmap', 'glyf', 'GSUB', 'head', 'name']));
    expect(() => woffToSfnt(Buffer.from('not a font'))).toThrow('not a WOFF 1.0 file');
  });

  it('writes a fontconfig file that keeps the system fonts and adds the unwrapped ones', () => {
    const conf = prepareSlipFonts();
    expect(process.env.FONTCONFIG_FILE).toBe(conf);
    const text = readFileSync(conf, 'utf8');
    expect(text).toMatch(/<include ignore_missing="yes">.+<\/include>/);
    const dir = /<dir>(.+)<\/dir>/.exec(text)![1]!;
    expect(readFileSync(path.join(dir, 'noto-sans-thai-thai-400-normal.ttf')).readUInt32BE(0)).toBe(0x00010000);
  });
});
