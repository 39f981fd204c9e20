import sharp from 'sharp';
import { UploadError } from './upload-error.ts';
import { MAX_IMAGE_EDGE_PX, type UploadPolicy, type UploadType } from './upload-policy.ts';

/**
 * Decodes and re-encodes an accepted image in its own format: applies and drops the EXIF orientation, scales it to
 * fit MAX_IMAGE_EDGE_PX, and writes no metadata at all (EXIF with GPS and camera serials, ICC, XMP, comments), so
 * nothing a client embedded survives, including polyglot payloads. An animated GIF keeps its frames.
 */
export async function reencodeImage(data: Buffer, type: UploadType, policy: UploadPolicy): Promise<Buffer> {
  const animated = type === 'image/gif';
  const image = sharp(data, { limitInputPixels: policy.maxPixels, failOn: 'error', animated })
    .rotate()
    .resize({ width: MAX_IMAGE_EDGE_PX, height: MAX_IMAGE_EDGE_PX, fit: 'inside', withoutEnlargement: true });
  const encoded =
    type === 'image/png'
      ? image.png({ compressionLevel: 6 })
      : type === 'image/gif'
        ? image.gif()
        : image.jpeg({ quality: 82 });
  try {
    return await encoded.toBuffer();
  } catch (cause) {
    throw new UploadError(policy, 'unreadable', { cause });
  }
}
