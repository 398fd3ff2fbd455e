/**
 * A page of the app whose scripts did not load: after a deploy (the server answers 404 for the last
 * version's chunks) it reloads into the new version, once a minute at most (ADR 0185). No React
 * here: the page's first script uses it too, when the app itself did not load (ADR 0190).
 */

/**
 * A script of the app that did not load: the page is of the last version and a deploy replaced its
 * chunks (the server answers 404 for them), or the network dropped. Chromium, Firefox, Safari, and
 * Vite's preload of a chunk's CSS say it each in their own words.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** This tab reloaded for a missing chunk (ms since the epoch), so that a chunk missing after the reload too shows the screen below rather than reloading for ever. */
const RELOADED_AT = 'chunkReloadedAt';
const RELOAD_AGAIN_AFTER_MS = 60_000;

export function reloadedRecently(now: number): boolean {
  try {
    return now - Number(window.sessionStorage.getItem(RELOADED_AT) ?? 0) < RELOAD_AGAIN_AFTER_MS;
  } catch {
    return true; // no storage: never reload by ourselves (it could not be told apart from a loop)
  }
}

/** The page's reload (jsdom cannot reload; its tests replace this). */
export const thePage = { reload: () => window.location.reload() };

export function reloadForNewVersion(now: number): void {
  try {
    window.sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    return;
  }
  thePage.reload();
}
