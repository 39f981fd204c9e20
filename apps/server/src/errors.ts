import { ERROR_STATUS, type ErrorCode } from '@wallet/contract/errors';

/** The one error type of the server: a catalogue code and its HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode | 'invalid-token' | 'gone';
  readonly status: number;

  constructor(code: AppError['code'], status?: number) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? (code === 'invalid-token' ? 401 : code === 'gone' ? 410 : (ERROR_STATUS[code] ?? 400));
  }
}
