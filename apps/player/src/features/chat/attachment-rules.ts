import { CHAT_ATTACHMENT_TYPES, CHAT_IMAGE_MAX_BYTES, CHAT_VIDEO_MAX_BYTES } from '@wallet/contract/limits';

export type AttachmentCheck =
  | { ok: true; kind: 'image' | 'video' }
  | { ok: false; reason: 'unsupported' }
  | { ok: false; reason: 'too_large'; limitMb: number };

const MB = 1024 * 1024;

/**
 * docs/spec.md §5: mp4, quicktime, png, jpeg, jpg, gif; the name must have an extension ('File is not supported');
 * 10 MB for images, 20 MB for videos. The server checks the bytes again.
 */
export function checkAttachment(file: { name: string; type: string; size: number }): AttachmentCheck {
  const dot = file.name.lastIndexOf('.');
  if (dot <= 0 || dot === file.name.length - 1) return { ok: false, reason: 'unsupported' };
  if (!(CHAT_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return { ok: false, reason: 'unsupported' };
  const kind = file.type.startsWith('video/') ? 'video' : 'image';
  const limit = kind === 'video' ? CHAT_VIDEO_MAX_BYTES : CHAT_IMAGE_MAX_BYTES;
  if (file.size > limit) return { ok: false, reason: 'too_large', limitMb: limit / MB };
  return { ok: true, kind };
}
