import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

/** Noto Sans Thai (OFL-1.1, @fontsource/noto-sans-thai): the Thai and Latin subsets, regular and bold. */
const FONT_FILES = ['thai', 'latin'].flatMap((subset) =>
  ['400', '700'].map((weight) => `noto-sans-thai-${subset}-${weight}-normal.woff`),
);

/**
 * WOFF 1.0 → the TrueType/OpenType file it wraps (W3C WOFF §4–5): each table is stored zlib-compressed unless
 * that did not make it smaller. The slip renderer (sharp: librsvg, pango, fontconfig) reads only sfnt files, and
 * the npm font package ships web fonts.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table length mismatch');
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let prepared: string | undefined;

/**
 * Make the slip's Thai text render with real glyphs on any machine: the package's fonts, unwrapped to TrueType in
 * a cache directory, and a fontconfig file that adds them to the system's fonts (FONTCONFIG_FILE, read when
 * fontconfig first starts, so this runs before the first render). Returns the fonts.conf path.
 */
export function prepareSlipFonts(): string {
  if (prepared) return prepared;
  const require = createRequire(import.meta.url);
  const filesDir = path.join(path.dirname(require.resolve('@fontsource/noto-sans-thai/package.json')), 'files');
  const woffs = FONT_FILES.map((name) => ({ name, bytes: readFileSync(path.join(filesDir, name)) }));
  const digest = createHash('sha256');
  for (const woff of woffs) digest.update(woff.bytes);
  const dir = path.join(os.tmpdir(), `wallet-slip-fonts-${digest.digest('hex').slice(0, 12)}`);
  mkdirSync(path.join(dir, 'fonts'), { recursive: true });
  for (const woff of woffs) {
    const ttf = path.join(dir, 'fonts', woff.name.replace(/\.woff$/, '.ttf'));
    if (!existsSync(ttf)) writeFileSync(ttf, woffToSfnt(woff.bytes));
  }
  const conf = path.join(dir, 'fonts.conf');
  const system = process.env.FONTCONFIG_FILE ?? '/etc/fonts/fonts.conf';
  writeFileSync(
    conf,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">${system}</include>
  <dir>${path.join(dir, 'fonts')}</dir>
  <cachedir>${path.join(dir, 'cache')}</cachedir>
</fontconfig>
`,
  );
  process.env.FONTCONFIG_FILE = conf;
  prepared = conf;
  return conf;
}
