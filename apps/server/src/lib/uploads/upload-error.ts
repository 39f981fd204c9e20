import { AppError } from '../../errors.ts';
import type { UploadPolicy } from './upload-policy.ts';

export type UploadFailure =
  'missing' | 'too_large' | 'unsupported_type' | 'too_many_pixels' | 'unreadable' | 'storage_failed';

/** A refused or failed upload: a catalogue code chosen by the policy (SLIP_INVALID_FILE, KEY_INVALID...). */
export class UploadError extends AppError {
  readonly reason: UploadFailure;

  constructor(policy: UploadPolicy, reason: UploadFailure, options?: { cause?: unknown }) {
    const code =
      reason === 'missing'
        ? policy.errors.missing
        : reason === 'storage_failed'
          ? policy.errors.storage
          : policy.errors.invalid;
    super(code);
    this.name = 'UploadError';
    this.reason = reason;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
