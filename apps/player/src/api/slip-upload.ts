import { api } from '@wallet/contract/client-api.gen';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from '@wallet/web-core/api-client';
import { call } from '../lib/api-client.ts';

/** SlipUploadResponseSchema (packages/contract/src/wallet.ts) */
export type SlipUploadResult = { message: string; status: string; amount?: number; note?: string; reference?: string };
export type SlipUploadFailure = { code: string };

/**
 * POST /api/wallet/slip (multipart, field `file`, 5-minute timeout) with real upload progress, through the one API
 * client (its XMLHttpRequest path, docs/decisions/0035-chat-team-and-api-client.md). Rejects with `{code}` (a
 * catalogue code; no answer at all is SLIP_UPLOAD_FAIL, as the slip form words it).
 */
export async function uploadSlip(
  file: File,
  options: { idempotencyKey: string; onProgress: (fraction: number) => void },
): Promise<SlipUploadResult> {
  const formData = new FormData();
  formData.append('file', file);
  try {
    return await call(api.wallet.slip, {
      formData,
      idempotencyKey: options.idempotencyKey,
      onUploadProgress: options.onProgress,
    });
  } catch (err) {
    const code = err instanceof ApiError ? err.code : NETWORK_ERROR;
    throw {
      code: code === NETWORK_ERROR || code === TIMEOUT_ERROR ? 'SLIP_UPLOAD_FAIL' : code,
    } satisfies SlipUploadFailure;
  }
}
