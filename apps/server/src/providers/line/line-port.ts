/**
 * The notify port to LINE (docs/decisions/0041-line-notifications.md): push text messages to one LINE user or group.
 * The adapter is `http-line-messenger.ts` beside it (LINE's Messaging API wire format), the simulator
 * `packages/sandbox/src/line/`. The webhook's signature check is `line-webhook.ts`.
 */

/** What a push came to. A failure worth retrying (network, 5xx, 429 after the adapter's own retries) throws. */
export type LinePushOutcome =
  /** LINE accepted the messages */
  | { kind: 'sent'; requestId: string | null }
  /** LINE had already accepted this retry key (409): the messages were sent once, earlier */
  | { kind: 'duplicate'; requestId: string | null }
  /** LINE refused for good (400, 401, 403, 404: a bad token, an unknown or blocked user): retrying cannot help */
  | { kind: 'refused'; status: number; detail: string };

export interface LineMessenger {
  /**
   * Push up to five text messages to `to` (a user, group or room id). `retryKey` is a UUID that makes retries
   * idempotent on LINE's side for 24 hours (`X-Line-Retry-Key`).
   */
  push(to: string, texts: string[], retryKey: string): Promise<LinePushOutcome>;
}
