// Writes a WebP poster, 390×293 (4:3, the phone width the how-to cards are laid out for; the cards crop the
// middle of the clip's frame, so the poster holds only that part), beside every
// how-to clip's JPEG frame under public/videos (the video script writes the JPEGs). Commit the outputs.
// `node apps/player/scripts/make-posters.mjs`
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const videos = path.resolve(import.meta.dirname, '../public/videos');

function* jpegs(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* jpegs(full);
    else if (entry.name.endsWith('.jpg')) yield full;
  }
}

for (const file of jpegs(videos)) {
  const out = file.replace(/\.jpg$/, '.webp');
  const info = await sharp(file)
    .resize({ width: 390, height: 293, fit: 'cover', position: 'centre' })
    .webp({ quality: 72 })
    .toFile(out);
  console.log(`${path.relative(videos, out)}: ${info.width}×${info.height}, ${info.size} B`);
}
