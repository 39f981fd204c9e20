import { randomUUID } from 'node:crypto';
import type { ObjectStorage, StoredObject } from '../../providers/storage/object-storage.ts';
import { acceptUpload, type AcceptedUpload } from './accept-upload.ts';
import type { ReceivedFile } from './received-file.ts';
import { reencodeImage } from './reencode-image.ts';
import { UploadError } from './upload-error.ts';
import { UPLOAD_TYPES, type UploadPolicy } from './upload-policy.ts';

/**
 * Stores an accepted upload under a generated key (`slips/3f0c….png`, never the client's name): images re-encoded
 * (metadata stripped), videos as received. A store failure is the policy's storage code (SLIP_UPLOAD_FAIL...).
 */
export async function storeAcceptedUpload(
  storage: ObjectStorage,
  upload: AcceptedUpload,
  policy: UploadPolicy,
): Promise<StoredObject> {
  const body = upload.media === 'image' ? await reencodeImage(upload.data, upload.type, policy) : upload.data;
  const key = `${policy.keyPrefix}/${randomUUID()}.${UPLOAD_TYPES[upload.type].ext}`;
  try {
    return await storage.put(key, body, { contentType: upload.type });
  } catch (cause) {
    throw new UploadError(policy, 'storage_failed', { cause });
  }
}

/**
 * The whole pipeline for chat media: check, re-encode, store. Slips call the two steps apart, to read the slip's QR
 * from the original bytes in between.
 */
export async function saveUpload(
  storage: ObjectStorage,
  file: ReceivedFile | null,
  policy: UploadPolicy,
): Promise<StoredObject> {
  return storeAcceptedUpload(storage, await acceptUpload(file, policy), policy);
}
