import { safe } from '@wallet/web-core/storage';

/** sessionStorage flag: set just before the one automatic reload, cleared once the error screen shows. */
const RELOADED_KEY = 'chunkReloaded';

/** A lazy route module that could not be fetched (offline, or an old hash after a redeploy), per browser wording. */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|module script failed|Failed to fetch|error loading dynamically/i.test(
    error.message,
  );
}

/**
 * After a redeploy the open tab asks for chunks that no longer exist: reload the page once to get the new shell.
 * Returns true when it reloaded. The flag in sessionStorage makes a second failure show the error screen instead
 * of looping; the flag is cleared then, so a later deploy in the same tab may reload once again. Never while the
 * browser is offline.
 */
export function reloadOnceForChunk(error: unknown, reload: () => void = () => window.location.reload()): boolean {
  if (!isChunkLoadError(error)) return false;
  // offline, a reload only trades the app for the browser's offline page: show the error screen and its retry
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const alreadyReloaded = safe(() => sessionStorage.getItem(RELOADED_KEY) === '1', true);
  if (alreadyReloaded) {
    safe(() => sessionStorage.removeItem(RELOADED_KEY), undefined);
    return false;
  }
  safe(() => sessionStorage.setItem(RELOADED_KEY, '1'), undefined);
  reload();
  return true;
}
