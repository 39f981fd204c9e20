/** Everything the app keeps in the browser (SPEC.md §3): token, locale, agreement, last sync, inviter code, guest id. */
const KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  locale: 'locale',
  agreement: 'agreement',
  lastSync: 'lastSync',
  inviterCode: 'inviterCode',
  guestId: 'guestId',
  otpTicket: 'otpTicket',
} as const;

type StoredTicket = { phone: string; ticket: string; expiresAt: number };

const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const storage = {
  getToken: (): string | null =>
    safe(() => sessionStorage.getItem(KEYS.token) ?? localStorage.getItem(KEYS.token), null),
  /**
   * remember-me keeps the tokens across browser restarts (localStorage), otherwise only for the tab session. The
   * access token is short-lived; the refresh token renews it (lib/api-client.ts).
   */
  setToken(token: string, remember: boolean, refreshToken?: string): void {
    this.clearToken();
    safe(() => {
      const store = remember ? localStorage : sessionStorage;
      store.setItem(KEYS.token, token);
      if (refreshToken) store.setItem(KEYS.refreshToken, refreshToken);
    }, undefined);
  },
  getRefreshToken: (): string | null =>
    safe(() => sessionStorage.getItem(KEYS.refreshToken) ?? localStorage.getItem(KEYS.refreshToken), null),
  /** a renewed access token goes where the current one is (keeps the remember-me choice) */
  replaceToken(token: string): void {
    safe(() => {
      const store = sessionStorage.getItem(KEYS.token) !== null ? sessionStorage : localStorage;
      store.setItem(KEYS.token, token);
    }, undefined);
  },
  clearToken(): void {
    safe(() => {
      for (const store of [localStorage, sessionStorage]) {
        store.removeItem(KEYS.token);
        store.removeItem(KEYS.refreshToken);
      }
    }, undefined);
  },
  /** entering the signed-out shell clears the token and stored session data */
  clearSession(): void {
    this.clearToken();
    safe(() => localStorage.removeItem(KEYS.lastSync), undefined);
  },
  /** the registration ticket for `phone` (sessionStorage, this tab only), while it is valid */
  getOtpTicket(phone: string): string | null {
    return safe(() => {
      const raw = sessionStorage.getItem(KEYS.otpTicket);
      const stored = raw ? (JSON.parse(raw) as Partial<StoredTicket>) : null;
      const isValid =
        stored?.phone === phone && typeof stored.ticket === 'string' && (stored.expiresAt ?? 0) > Date.now();
      return isValid ? stored.ticket! : null;
    }, null);
  },
  setOtpTicket: (phone: string, ticket: string, expiresAt: number): void =>
    safe(() => sessionStorage.setItem(KEYS.otpTicket, JSON.stringify({ phone, ticket, expiresAt })), undefined),
  clearOtpTicket: (): void => safe(() => sessionStorage.removeItem(KEYS.otpTicket), undefined),
  getLocale: (): string | null => safe(() => localStorage.getItem(KEYS.locale), null),
  setLocale: (locale: string): void => safe(() => localStorage.setItem(KEYS.locale, locale), undefined),
  hasAcceptedAgreement: (memberId: string): boolean =>
    safe(() => localStorage.getItem(KEYS.agreement) === memberId, false),
  acceptAgreement: (memberId: string): void => safe(() => localStorage.setItem(KEYS.agreement, memberId), undefined),
  getLastSync: (): string | null => safe(() => localStorage.getItem(KEYS.lastSync), null),
  setLastSync: (iso: string): void => safe(() => localStorage.setItem(KEYS.lastSync, iso), undefined),
  getInviterCode: (): string | null => safe(() => localStorage.getItem(KEYS.inviterCode), null),
  setInviterCode: (code: string): void => safe(() => localStorage.setItem(KEYS.inviterCode, code), undefined),
  /** a chat guest is identified by a locally generated id (128 bits from the CSPRNG) */
  getGuestId(): string {
    return safe(() => {
      let id = localStorage.getItem(KEYS.guestId);
      if (!id) {
        id = `guest-${crypto.randomUUID()}`;
        localStorage.setItem(KEYS.guestId, id);
      }
      return id;
    }, `guest-${crypto.randomUUID()}`);
  },
};
