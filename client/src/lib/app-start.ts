/**
 * The app's start from the page's first script (main.tsx), for when its code does not arrive: a
 * phone's connection dropped while the page opened, or a deploy replaced the page's chunks. The
 * page used to stay as it was, forever: a server-rendered one under its clear cover (ADR 0168),
 * where nothing could be tapped, not even a link; any other a blank page. Now (ADR 0190):
 * - online, a missing chunk reloads the page into the new version, once a minute at most (ADR 0185);
 * - otherwise the cover goes, links work as on any page, and a notice at the foot of the screen says
 *   what happened, with Reload (or, offline, Try again; the app also starts by itself once the
 *   phone is back online).
 * No React here: this is what runs when React did not arrive.
 */
import { HYDRATING_COVER_ID } from '@shared/contracts/server-render';
import { letLinksThrough } from './early-taps';
import { isChunkLoadError, reloadedRecently, reloadForNewVersion, thePage } from './new-version';

export const APP_NOT_LOADED_ID = 'ftf-app-not-loaded';

/**
 * What the notice says: offline, or not; over the server's page (which still reads, and whose links
 * still work), or in place of a screen the browser was to render (nothing else to see).
 */
export const APP_NOT_LOADED = {
  offline: { title: "You're offline.", text: 'The page will finish loading when you are back online.', action: 'Try again' },
  failed: { title: 'The app could not load.', text: 'Links still work; buttons and live updates need the app.', action: 'Reload' },
  failedBlank: { title: 'The app could not load.', text: 'Check your connection, then reload.', action: 'Reload' },
} as const;

/** Starts the app: `load` imports it. */
export function startApp(load: () => Promise<unknown>): void {
  load().then(
    () => {
      document.getElementById(APP_NOT_LOADED_ID)?.remove();
      document.body.style.paddingBottom = '';
    },
    (error: unknown) => appDidNotLoad(error, load),
  );
}

function appDidNotLoad(error: unknown, load: () => Promise<unknown>): void {
  const offline = !navigator.onLine;
  if (!offline && isChunkLoadError(error) && !reloadedRecently(Date.now())) return reloadForNewVersion(Date.now());
  document.getElementById(HYDRATING_COVER_ID)?.remove();
  letLinksThrough();
  const retry = offline ? () => startApp(load) : () => thePage.reload();
  const root = document.getElementById('root');
  const blank = !root?.hasChildNodes();
  showNotice(offline ? APP_NOT_LOADED.offline : blank ? APP_NOT_LOADED.failedBlank : APP_NOT_LOADED.failed, retry, blank ? root : null);
  if (offline) window.addEventListener('online', retry, { once: true });
}

/**
 * At the foot of the screen, over a page; in `blankRoot`, where the browser was to render the screen,
 * as a card in the middle of it (the app's own render replaces it, if it loads later).
 */
function showNotice(words: { title: string; text: string; action: string }, retry: () => void, blankRoot: HTMLElement | null): void {
  document.getElementById(APP_NOT_LOADED_ID)?.remove();
  const notice = document.createElement('div');
  notice.id = APP_NOT_LOADED_ID;
  notice.setAttribute('role', 'alert');
  notice.className = blankRoot
    ? 'mx-4 mt-24 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:mx-auto sm:max-w-md'
    : 'fixed inset-x-0 bottom-0 z-50 border-t border-gray-200 bg-white px-4 py-3 shadow-lg';
  const row = document.createElement('div');
  row.className = 'mx-auto flex max-w-3xl flex-wrap items-center gap-3';
  const message = document.createElement('p');
  message.className = 'min-w-0 flex-1 text-sm text-gray-800';
  const title = document.createElement('strong');
  title.className = 'font-semibold text-gray-900';
  title.textContent = words.title;
  message.append(title, ` ${words.text}`);
  const button = document.createElement('button');
  button.type = 'button';
  button.className =
    'h-10 rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  button.textContent = words.action;
  button.addEventListener('click', retry);
  row.append(message, button);
  notice.append(row);
  (blankRoot ?? document.body).append(notice);
  // The page's end can still be scrolled into view above the notice.
  if (!blankRoot) document.body.style.paddingBottom = `${notice.offsetHeight}px`;
}
