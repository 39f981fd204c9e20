import i18next from 'i18next';
import { ApiError } from './api-client.ts';
import { notify } from './toast.ts';

/**
 * The text for a server code: its translation, or the raw code when none exists (SPEC.md §8). A code that carries a
 * reason reads `reason.<CODE>.<REASON>` with the answer's values, falling back to the code's own text.
 */
export function errorMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.code : error instanceof Error ? error.message : String(error);
  const plain = i18next.t(code, { ns: 'errors', defaultValue: code });
  const detail = error instanceof ApiError ? error.detail : undefined;
  if (!detail) return plain;
  return i18next.t(`reason.${code}.${detail.reason}`, { ns: 'errors', ...detail.values, defaultValue: plain });
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
