import type { ErrorDetail } from '@wallet/contract/errors';
import i18next from 'i18next';
import { ApiError } from './api-client.ts';
import { notify } from './toast.ts';

/**
 * The text for a server code: its translation, or the raw code when none exists (the error catalogue, ADR 0003). A code that carries a
 * reason reads `reason.<CODE>.<REASON>` with the answer's values, falling back to the code's own text.
 */
export function errorMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.code : error instanceof Error ? error.message : String(error);
  const { reason, values } = (error instanceof ApiError && (error.body as Partial<ErrorDetail> | null)) || {};
  // no reason: `reason.CODE.undefined` is never a key, so the code's own text answers
  return i18next.t([`reason.${code}.${reason}`, code], { ns: 'errors', ...values, defaultValue: code });
}

export type ErrorPresentation =
  /** a toast for 4 s */
  | { as: 'toast' }
  /** an alert dialog titled with `title` (the app shows it through the alert host) */
  | { as: 'alert'; title: string }
  /** the caller shows the returned text inline */
  | { as: 'inline' }
  /** the spec asks for nothing to be shown (load failures); still returned for logging */
  | { as: 'silent' };

type AlertListener = (alert: { title: string; message: string }) => void;
let alertListener: AlertListener | null = null;
export function setAlertListener(listener: AlertListener | null): void {
  alertListener = listener;
}

/** The one place that decides how a failure reaches the player. Returns the message. */
export function presentError(error: unknown, how: ErrorPresentation): string {
  const message = errorMessage(error);
  if (how.as === 'toast') notify.error(message);
  if (how.as === 'alert') alertListener?.({ title: how.title, message });
  return message;
}
