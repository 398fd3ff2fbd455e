import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HYDRATING_COVER_ID } from '@shared/contracts/server-render';
import { APP_NOT_LOADED, APP_NOT_LOADED_ID, startApp } from './app-start';
import { thePage } from './new-version';

const CHROMIUM = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/app-main-OLD.js');

const notice = () => document.getElementById(APP_NOT_LOADED_ID);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  document.body.innerHTML = `<div id="root"><a href="#menu">Menu</a></div><div id="${HYDRATING_COVER_ID}"></div>`;
  reload = vi.fn<() => void>();
  vi.spyOn(thePage, 'reload').mockImplementation(reload);
});
afterEach(() => {
  document.body.innerHTML = '';
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("the app's start when its code does not arrive (ADR 0190)", () => {
  it('reloads into the new version when a chunk is missing while online', async () => {
    startApp(() => Promise.reject(CHROMIUM));
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notice()).toBeNull();
  });

  it('after one reload, uncovers the page and says so at its foot, with Reload', async () => {
    startApp(() => Promise.reject(CHROMIUM));
    await settle();
    startApp(() => Promise.reject(CHROMIUM));
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.getElementById(HYDRATING_COVER_ID)).toBeNull();
    expect(notice()).toHaveAttribute('role', 'alert');
    expect(notice()).toHaveTextContent(`${APP_NOT_LOADED.failed.title} ${APP_NOT_LOADED.failed.text}`);
    notice()?.querySelector('button')?.click();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('says so for an error that is not a missing chunk, without reloading by itself', async () => {
    startApp(() => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'x')")));
    await settle();
    expect(reload).not.toHaveBeenCalled();
    expect(notice()).toHaveTextContent(APP_NOT_LOADED.failed.title);
  });

  it('in place of a screen the browser was to render, says what to do rather than leaving the page blank', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    startApp(() => Promise.reject(new Error('boom')));
    await settle();
    expect(notice()?.parentElement?.id).toBe('root');
    expect(notice()).toHaveTextContent(`${APP_NOT_LOADED.failedBlank.title} ${APP_NOT_LOADED.failedBlank.text}`);
  });

  it('offline, waits for the connection and then starts the app by itself; the notice goes', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(CHROMIUM).mockResolvedValue({});
    startApp(load);
    await settle();
    expect(reload).not.toHaveBeenCalled();
    expect(notice()).toHaveTextContent(`${APP_NOT_LOADED.offline.title} ${APP_NOT_LOADED.offline.text}`);
    expect(notice()?.querySelector('button')).toHaveTextContent(APP_NOT_LOADED.offline.action);

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(notice()).toBeNull();
  });
});
