import { createTokenStore, safe } from '@wallet/web-core/storage';

/** Everything the app keeps in the browser (docs/spec.md §3): token, locale, agreement, last sync, inviter code, guest id. */
const KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  locale: 'locale',
  agreement: 'agreement',
  lastSync: 'lastSync',
  inviterCode: 'inviterCode',
  guestId: 'guestId',
  otpTicket: 'otpTicket',
  registerDraft: 'registerDraft',
} as const;

type StoredTicket = { phone: string; ticket: string; expiresAt: number };

const token = createTokenStore(KEYS.token, KEYS.refreshToken);

export const storage = {
  /** the session token (also the api client's token store, with the refresh token that renews it) */
  token,
  getToken: token.get,
  /** remember-me keeps the tokens across browser restarts (localStorage), otherwise only for the tab session */
  setToken: token.set,
  getRefreshToken: token.getRefreshToken,
  clearToken: token.clear,
  /** entering the signed-out shell clears the token and stored session data */
  clearSession(): void {
    token.clear();
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
  /** the registration wizard's steps (sessionStorage, this tab only; never the password): parsed by its owner */
  getRegisterDraft: (): unknown =>
    safe(() => JSON.parse(sessionStorage.getItem(KEYS.registerDraft) ?? 'null') as unknown, null),
  setRegisterDraft: (draft: unknown): void =>
    safe(() => sessionStorage.setItem(KEYS.registerDraft, JSON.stringify(draft)), undefined),
  clearRegisterDraft: (): void => safe(() => sessionStorage.removeItem(KEYS.registerDraft), undefined),
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
