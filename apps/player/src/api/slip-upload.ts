import { api } from '@wallet/contract/client-api.gen';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from '@wallet/web-core/api-client';
import { call } from '../lib/api-client.ts';

/** SlipUploadResponseSchema (packages/contract/src/wallet.ts) */
export type SlipUploadResult = {
  message: string;
  status: string;
  amount?: number;
  note?: string;
  reference?: string;
  /** what became of the bonus chosen with the slip (docs/decisions/0050-bonus-with-slip-and-voucher.md) */
  bonus?: { name: string; status: 'chosen' | 'claimed' | 'skipped'; reason: string | null; amount: number };
};
export type SlipUploadFailure = { code: string };

/**
 * POST /api/wallet/slip (multipart, field `file`, 5-minute timeout) with real upload progress, through the one API
 * client (its XMLHttpRequest path, docs/decisions/0035-chat-team-and-api-client.md). Rejects with `{code}` (a
 * catalogue code; no answer at all is SLIP_UPLOAD_FAIL, as the slip form words it).
 */
export async function uploadSlip(
  file: File,
  options: { idempotencyKey: string; onProgress: (fraction: number) => void; bonusCode?: string | null },
): Promise<SlipUploadResult> {
  const formData = new FormData();
  // the text field before the file: the server reads the parts in order
  if (options.bonusCode) formData.append('bonusCode', options.bonusCode);
  formData.append('file', file);
  try {
    return await call(api.wallet.slip, {
      // the fields travel in the form data (sent instead of a JSON body); `body` only types them
      body: options.bonusCode ? { bonusCode: options.bonusCode } : {},
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
