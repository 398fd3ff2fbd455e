/**
 * The copy of the last diners' list kept for a diner with no signal (ADR 0160): written by the
 * service worker (sw.ts) from each list it fetches, and by a server-rendered /find-trucks, whose
 * list came in its HTML rather than through the worker (server-data.ts). `caches` is the same
 * Cache Storage in both.
 */
export const LIST_CACHE = 'ftf-last-trucks';
/** The one copy kept of any position's list: what to show offline when this exact list was never saved. */
export const LATEST_LIST_KEY = '/api/food-trucks/active?ftf-latest';
/** Marks a saved copy, so that the page can say "offline — last updated 12:04 PM". */
export const SAVED_AT_HEADER = 'x-ftf-saved-at';

/** Keeps `body` as the list of `key` (a path and query) and as the latest list, saved at `savedAt`. */
export async function saveListCopy(key: string, body: BodyInit, contentType: string, savedAt: Date): Promise<void> {
  const cache = await caches.open(LIST_CACHE);
  const saved = new Response(body, { headers: { 'content-type': contentType, [SAVED_AT_HEADER]: savedAt.toISOString() } });
  await Promise.all([cache.put(key, saved.clone()), cache.put(LATEST_LIST_KEY, saved)]);
}
