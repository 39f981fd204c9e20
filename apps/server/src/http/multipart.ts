import type { Endpoint } from '@wallet/contract/endpoint';
import { CHAT_IMAGE_MAX_BYTES } from '@wallet/contract/limits';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { AppError } from '../errors.ts';
import type { ReceivedFile } from '../lib/uploads/received-file.ts';

/** The one file part of an upload is named `file` (docs/spec.md §7: "multipart with a file field"). */
const UPLOAD_FILE_FIELD = 'file';
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 16 * 1024;

export type ParsedUpload = { body: unknown; file: ReceivedFile | null };

/**
 * Reads an `isUpload` endpoint's multipart body: the text fields, checked against the descriptor's `body` schema,
 * and at most one file part named `file`, read into memory up to the descriptor's `maxUploadBytes` (a longer part
 * comes back `truncated`, for the uploads helper to refuse with its own code). A body that is not multipart, is
 * malformed, has a second file, an unknown file field or too many fields is KEY_INVALID, never a 500.
 */
export async function parseMultipart(request: FastifyRequest, endpoint: Endpoint): Promise<ParsedUpload> {
  if (!request.isMultipart()) throw new AppError('KEY_INVALID');
  const maxBytes = endpoint.maxUploadBytes ?? CHAT_IMAGE_MAX_BYTES;
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    // throwFileSizeLimit (a per-call option at runtime, missing from the types): an oversized part is truncated and
    // flagged instead of failing the request, so the endpoint answers its own code (SLIP_INVALID_FILE...)
    const options = {
      limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0];
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FILE_FIELD) throw new AppError('KEY_INVALID');
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        file = {
          data: Buffer.concat(chunks),
          truncated: part.file.truncated,
          clientFileName: part.filename,
          clientMimeType: part.mimetype,
        };
      } else {
        if (part.valueTruncated || part.fieldname in fields) throw new AppError('KEY_INVALID');
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError('KEY_INVALID');
  }
  // fields the descriptor does not name are dropped, as zod drops unknown keys of a JSON body
  if (!endpoint.body) return { body: undefined, file };
  const parsed = endpoint.body.safeParse(fields);
  if (!parsed.success) throw new AppError('KEY_INVALID');
  return { body: parsed.data, file };
}

/** What the idempotency hash of an upload covers: its fields and the file's digest (not its bytes). */
export function uploadFingerprint(upload: ParsedUpload): unknown {
  const digest = upload.file ? createHash('sha256').update(upload.file.data).digest('hex') : null;
  return { fields: upload.body ?? null, file: digest };
}
