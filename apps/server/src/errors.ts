import { ERROR_STATUS, type ErrorCode, type ErrorDetail } from '@wallet/contract/errors';

/** The one error type of the server: a catalogue code and its HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode | 'invalid-token' | 'gone';
  readonly status: number;
  /** why, for the codes of ERROR_REASONS: sent beside `message` (docs/decisions/0020-bonus-cancel-and-claim-rules.md) */
  readonly detail: ErrorDetail | undefined;

  constructor(code: AppError['code'], status?: number, detail?: ErrorDetail) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? (code === 'invalid-token' ? 401 : code === 'gone' ? 410 : (ERROR_STATUS[code] ?? 400));
    this.detail = detail;
  }
}
