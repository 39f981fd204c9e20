/** Browser storage that never throws (private mode, quota, disabled storage): the fallback is returned instead. */
export const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

/**
 * A session token under `key`: remember-me keeps it across browser restarts (localStorage), else for the tab. With
 * `refreshKey`, the refresh token that renews a short-lived access token is kept beside it (docs/decisions/0017).
 */
export function createTokenStore(key: string, refreshKey?: string) {
  const keys = refreshKey ? [key, refreshKey] : [key];
  const read = (k: string): string | null => safe(() => sessionStorage.getItem(k) ?? localStorage.getItem(k), null);
  const clear = (): void =>
    safe(() => {
      for (const store of [localStorage, sessionStorage]) for (const k of keys) store.removeItem(k);
    }, undefined);
  return {
    get: (): string | null => read(key),
    set(token: string, remember: boolean, refreshToken?: string): void {
      clear();
      safe(() => {
        const store = remember ? localStorage : sessionStorage;
        store.setItem(key, token);
        if (refreshKey && refreshToken) store.setItem(refreshKey, refreshToken);
      }, undefined);
    },
    getRefreshToken: (): string | null => (refreshKey ? read(refreshKey) : null),
    /** a renewed access token goes where the current one is (keeps the remember-me choice) */
    replace(token: string): void {
      safe(() => (sessionStorage.getItem(key) !== null ? sessionStorage : localStorage).setItem(key, token), undefined);
    },
    clear,
  };
}
