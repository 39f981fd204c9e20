import type { ErrorCode } from '@wallet/contract/errors';
import { CHAT_IMAGE_MAX_BYTES, CHAT_VIDEO_MAX_BYTES, SLIP_IMAGE_MAX_BYTES } from '@wallet/contract/limits';

/** The file types the uploads helper knows, by their sniffed (magic-byte) MIME type. */
export const UPLOAD_TYPES = {
  'image/png': { ext: 'png', media: 'image' },
  'image/jpeg': { ext: 'jpg', media: 'image' },
  'image/gif': { ext: 'gif', media: 'image' },
  'video/mp4': { ext: 'mp4', media: 'video' },
  'video/quicktime': { ext: 'mov', media: 'video' },
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

/** What one kind of upload accepts, where it is stored and which catalogue codes its failures answer. */
export type UploadPolicy = {
  name: string;
  /** the contract's limit (docs/spec.md §9) */
  maxBytes: number;
  /** decoded pixels (width × height × frames) above which an image is refused before decoding */
  maxPixels: number;
  accept: readonly UploadType[];
  /** stored key: `${keyPrefix}/${generated name}.${ext}` */
  keyPrefix: string;
  errors: {
    /** no file part */
    missing: ErrorCode;
    /** too large, wrong type, too many pixels, undecodable */
    invalid: ErrorCode;
    /** the store failed (our fault) */
    storage: ErrorCode;
  };
};

/** Images are scaled down to fit this box when re-encoded (slips and chat photos stay readable). */
export const MAX_IMAGE_EDGE_PX = 2048;

export const SLIP_UPLOAD: UploadPolicy = {
  name: 'slip',
  maxBytes: SLIP_IMAGE_MAX_BYTES,
  // bank-app screenshots are about 2 MP; photos of a printed slip stay under 25 MP
  maxPixels: 25_000_000,
  accept: ['image/png', 'image/jpeg'],
  keyPrefix: 'slips',
  errors: { missing: 'SLIP_NO_FILE', invalid: 'SLIP_INVALID_FILE', storage: 'SLIP_UPLOAD_FAIL' },
};

export const CHAT_IMAGE_UPLOAD: UploadPolicy = {
  name: 'chat-image',
  maxBytes: CHAT_IMAGE_MAX_BYTES,
  // 48–50 MP phone cameras fit; an animated GIF counts every frame
  maxPixels: 50_000_000,
  accept: ['image/png', 'image/jpeg', 'image/gif'],
  keyPrefix: 'chat/images',
  errors: { missing: 'KEY_MISSING', invalid: 'KEY_INVALID', storage: 'INTERNAL_SERVER_ERROR' },
};

export const CHAT_VIDEO_UPLOAD: UploadPolicy = {
  name: 'chat-video',
  maxBytes: CHAT_VIDEO_MAX_BYTES,
  maxPixels: 0,
  accept: ['video/mp4', 'video/quicktime'],
  keyPrefix: 'chat/videos',
  errors: { missing: 'KEY_MISSING', invalid: 'KEY_INVALID', storage: 'INTERNAL_SERVER_ERROR' },
};
