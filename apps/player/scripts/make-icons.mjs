// Renders the install icons (PNG) from public/brand/logo.svg with sharp. The outputs are committed;
// run again after the logo changes: `node apps/player/scripts/make-icons.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const pub = path.resolve(import.meta.dirname, '../public');
const logo = readFileSync(path.join(pub, 'brand/logo.svg'));
const BG = '#070a14';

const plain = (size) =>
  sharp(logo, { density: 72 * (size / 96) * 1.01 })
    .resize(size, size)
    .png({ compressionLevel: 9 });
/** maskable icons keep the mark inside the 80 % safe zone, on the app background */
const maskable = async (size) => {
  const inner = Math.round(size * 0.72);
  const mark = await plain(inner).toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BG } })
    .composite([{ input: mark, gravity: 'center' }])
    .png({ compressionLevel: 9 });
};
/** iOS draws no transparency: the mark on the app background, full bleed */
const apple = async (size) => {
  const mark = await plain(size).toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BG } })
    .composite([{ input: mark }])
    .flatten({ background: BG })
    .png({ compressionLevel: 9 });
};

const outputs = [
  ['icons/icon-192.png', plain(192)],
  ['icons/icon-512.png', plain(512)],
  ['icons/maskable-512.png', await maskable(512)],
  ['icons/apple-touch-icon.png', await apple(180)],
];
for (const [file, image] of outputs) {
  const info = await image.toFile(path.join(pub, file));
  console.log(`${file}: ${info.width}×${info.height}, ${info.size} B`);
}
