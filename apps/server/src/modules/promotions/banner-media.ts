import { PROMOTION_BANNER_MAX_BYTES } from '@wallet/contract/admin/promotions';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { UploadPolicy } from '../../lib/uploads/upload-policy.ts';
import type { ObjectStorage } from '../../providers/storage/object-storage.ts';
import { sendStoredObject } from '../../providers/storage/send-stored-object.ts';

/** Banner images uploaded by the operator: public once referenced by a bonus (players see them unsigned). */
export const BANNER_UPLOAD: UploadPolicy = {
  name: 'promotion-banner',
  maxBytes: PROMOTION_BANNER_MAX_BYTES,
  maxPixels: 25_000_000,
  accept: ['image/png', 'image/jpeg'],
  keyPrefix: 'promotions',
  errors: { missing: 'KEY_MISSING', invalid: 'KEY_INVALID', storage: 'INTERNAL_SERVER_ERROR' },
};

const MEDIA_PATH = '/media/promotions/';
const KEY = /^promotions\/[a-z0-9-]+\.(png|jpg)$/;

/** The public path of a stored banner (`promotions/<uuid>.png` → `/media/promotions/<uuid>.png`). */
export const bannerPath = (key: string) => `${MEDIA_PATH}${key.slice('promotions/'.length)}`;

/** GET /media/promotions/<name>: a stored banner image; nothing else under storage is reachable from here. */
export function bannerRoutes(storage: ObjectStorage) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { name: string } }>(`${MEDIA_PATH}:name`, async (request, reply) => {
      const key = `promotions/${request.params.name}`;
      if (!KEY.test(key)) throw new AppError('NOT_FOUND');
      return sendStoredObject(reply, storage, key);
    });
  };
}
