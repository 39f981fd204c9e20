import { IDEMPOTENCY_HEADER, UPLOAD_TIMEOUT_MS } from '@wallet/contract/limits';
import { storage } from '../lib/storage.ts';

/** SlipUploadResponseSchema (packages/contract/src/wallet.ts) */
export type SlipUploadResult = { message: string; status: string; amount?: number; note?: string; reference?: string };
export type SlipUploadFailure = { code: string };

/**
 * POST /api/wallet/slip (multipart, field `file`, 5-minute timeout) with real upload progress: fetch cannot report
 * request-body progress, so this one call uses XMLHttpRequest. Rejects with `{code}` (a catalogue code).
 */
export function uploadSlip(
  file: File,
  options: { idempotencyKey: string; onProgress: (fraction: number) => void },
): Promise<SlipUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/wallet/slip');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    const token = storage.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, options.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      const message = (body as { message?: unknown } | null)?.message;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as SlipUploadResult);
      else reject({ code: typeof message === 'string' ? message : 'SLIP_UPLOAD_FAIL' } satisfies SlipUploadFailure);
    };
    xhr.onerror = () => reject({ code: 'SLIP_UPLOAD_FAIL' } satisfies SlipUploadFailure);
    xhr.ontimeout = () => reject({ code: 'SLIP_UPLOAD_FAIL' } satisfies SlipUploadFailure);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
