import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/** Slips are decoded at this width at most (a bank-app screenshot is ~1080 px; the mini-QR stays readable). */
const DECODE_MAX_WIDTH = 1600;

let prepared: Promise<unknown> | null = null;
/** The wasm from node_modules, never the default CDN (docs/dependencies.md: zxing-wasm fetches it otherwise). */
function prepare(): Promise<unknown> {
  prepared ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmBinary = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({
      overrides: {
        wasmBinary: wasmBinary.buffer.slice(
          wasmBinary.byteOffset,
          wasmBinary.byteOffset + wasmBinary.byteLength,
        ) as ArrayBuffer,
      },
      fireImmediately: true,
    });
  })();
  return prepared;
}

/**
 * The QR texts found in an image (EXIF rotation applied, width capped), in reading order; empty when there are none.
 * The caller has already checked magic bytes and pixel count (lib/uploads acceptUpload).
 */
export async function decodeQrTexts(image: Buffer): Promise<string[]> {
  await prepare();
  const { data, info } = await sharp(image, { limitInputPixels: 25_000_000, failOn: 'error' })
    .rotate()
    .resize({ width: DECODE_MAX_WIDTH, withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const results = await readBarcodes(
    {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      colorSpace: 'srgb',
    },
    { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 },
  );
  return results.filter((r) => r.isValid && r.text).map((r) => r.text);
}
