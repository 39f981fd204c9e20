import { createTokenStore, safe } from '@wallet/web-core/storage';

/** Everything the app keeps in the browser (SPEC.md §3): token, locale, agreement, last sync, inviter code, guest id. */
const KEYS = {
  token: 'token',
  locale: 'locale',
  agreement: 'agreement',
  lastSync: 'lastSync',
  inviterCode: 'inviterCode',
  guestId: 'guestId',
} as const;

const token = createTokenStore(KEYS.token);

export const storage = {
  /** the session token (also the api client's token store) */
  token,
  getToken: token.get,
  /** remember-me keeps the token across browser restarts (localStorage), otherwise only for the tab session */
  setToken: token.set,
  clearToken: token.clear,
  /** entering the signed-out shell clears the token and stored session data */
  clearSession(): void {
    token.clear();
    safe(() => localStorage.removeItem(KEYS.lastSync), undefined);
  },
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
