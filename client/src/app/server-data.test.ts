import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserViewer, SERVER_RENDER_DATA_ID } from '@shared/contracts/server-render';
import { OPERATOR } from '@client/test/render-app';
import type { ServerData } from './server-data';

afterEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

/** A page as the server sends it: its root's HTML and its data script. */
function serverPage(data: ServerData) {
  document.body.innerHTML = `<div id="root"><main>rendered</main></div><script type="application/json" id="${SERVER_RENDER_DATA_ID}">${JSON.stringify(data)}</script>`;
}

/** pageServerData of a fresh page: it reads the page once. */
async function freshPageServerData() {
  vi.resetModules();
  return (await import('./server-data')).pageServerData();
}

const signIn = (user: typeof OPERATOR) => {
  window.localStorage.setItem('token', 'test-token');
  window.localStorage.setItem('user', JSON.stringify(user));
};
const base: ServerData = { queries: { mutations: [], queries: [] }, truckEventIds: [], renderedAt: 1 };

describe("which server-rendered page the browser hydrates rather than rendering afresh", () => {
  it('a public screen, rendered as an anonymous diner sees it: only with no stored session', async () => {
    serverPage(base);
    expect(await freshPageServerData()).toEqual(base);
    signIn(OPERATOR);
    expect(await freshPageServerData()).toBeNull();
  });

  it("a user's own screen (ADR 0176): only for that stored user, writing dates as it was written", async () => {
    const mine: ServerData = { ...base, renderedFor: { user: OPERATOR, viewer: browserViewer() } };
    serverPage(mine);
    signIn(OPERATOR);
    expect(await freshPageServerData()).toEqual(mine);
    // Nobody stored (signed out meanwhile), another account, the same one renamed since: afresh.
    window.localStorage.clear();
    expect(await freshPageServerData()).toBeNull();
    signIn({ ...OPERATOR, id: OPERATOR.id + 1 });
    expect(await freshPageServerData()).toBeNull();
    signIn({ ...OPERATOR, username: 'renamed' });
    expect(await freshPageServerData()).toBeNull();
    // Another zone than the browser's (the phone travelled since the cookie was written): afresh.
    signIn(OPERATOR);
    serverPage({ ...mine, renderedFor: { user: OPERATOR, viewer: { ...browserViewer(), timeZone: 'Pacific/Chatham' } } });
    expect(await freshPageServerData()).toBeNull();
  });

  it('a frame, or a page the browser renders itself: nothing to hydrate', async () => {
    document.body.innerHTML = '<div id="root"><main>frame</main></div>';
    expect(await freshPageServerData()).toBeNull();
    document.body.innerHTML = '<div id="root"></div>';
    expect(await freshPageServerData()).toBeNull();
  });
});
