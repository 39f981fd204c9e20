/** Browser storage that never throws (private mode, quota, disabled storage): the fallback is returned instead. */
export const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

/** A session token under `key`: remember-me keeps it across browser restarts (localStorage), else for the tab. */
export function createTokenStore(key: string) {
  const clear = (): void =>
    safe(() => {
      localStorage.removeItem(key);
      sessionStorage.removeItem(key);
    }, undefined);
  return {
    get: (): string | null => safe(() => sessionStorage.getItem(key) ?? localStorage.getItem(key), null),
    set(token: string, remember: boolean): void {
      clear();
      safe(() => (remember ? localStorage : sessionStorage).setItem(key, token), undefined);
    },
    clear,
  };
}
