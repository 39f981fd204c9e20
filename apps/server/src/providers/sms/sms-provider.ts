/** Sends one text message. Rejects when the gateway did not accept it. */
export type SmsProvider = { send(phone: string, text: string): Promise<void> };

const SMS_TIMEOUT_MS = 10_000;

/**
 * An SMS gateway over HTTP: `POST {baseUrl}/send {phone, text}`, any 2xx is accepted.
 * The sandbox (`/sandbox/sms`) speaks this protocol; a real gateway needs only another base URL
 * (or another small class implementing SmsProvider).
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly options: { timeoutMs?: number; headers?: Record<string, string> } = {},
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.options.headers },
      body: JSON.stringify({ phone, text }),
      redirect: 'error',
      signal: AbortSignal.timeout(this.options.timeoutMs ?? SMS_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** Used when no gateway is configured: every send fails, so OTP send answers OTP_SEND_FAIL. */
export const unconfiguredSmsProvider: SmsProvider = {
  send: async () => {
    throw new Error('no SMS gateway configured');
  },
};

/**
 * The SMS provider an app instance uses, keyed by its context object. The sandbox module binds
 * its in-process outbox here; without a binding the account module falls back to HTTP.
 */
const bindings = new WeakMap<object, SmsProvider>();

export function bindSmsProvider(owner: object, provider: SmsProvider): void {
  bindings.set(owner, provider);
}

export function boundSmsProvider(owner: object): SmsProvider | undefined {
  return bindings.get(owner);
}
