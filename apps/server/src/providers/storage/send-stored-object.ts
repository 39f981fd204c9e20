import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';
import { contentDisposition, StorageNotFoundError, type ObjectStorage } from './object-storage.ts';

/**
 * Answer an authorized request with a stored object, streamed through the server. The caller has already checked
 * that the principal may read `key` (a member's own slip, a conversation's media). A missing object is NOT_FOUND.
 */
export async function sendStoredObject(
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  options: { fileName?: string } = {},
): Promise<FastifyReply> {
  const object = await storage.get(key).catch((error: unknown) => {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND');
    throw error;
  });
  return reply
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(options.fileName ?? key.split('/').pop() ?? 'file'))
    .send(object.body);
}
