import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as earlyTaps from './early-taps';

type EarlyTaps = typeof earlyTaps;

const COVER = 'test-cover';

/** The module afresh (it holds the page's one held tap), over a page the server rendered. */
async function serverRenderedPage(html: string): Promise<EarlyTaps> {
  vi.resetModules();
  document.body.innerHTML = `<div id="root">${html}</div><div id="${COVER}"></div>`;
  return import('./early-taps');
}

/** jsdom lays nothing out: the element "under" the point of a tap is the one named. */
function tapThroughCover(under: Element) {
  const cover = document.getElementById(COVER);
  if (!cover) throw new Error('no cover');
  document.elementsFromPoint = () => [cover, under];
  cover.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1, clientX: 10, clientY: 10 }));
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** A server-rendered page holding taps, and the presses of the buttons `ids` as the app answers them. */
async function holdingPage(html: string, ids: string[]) {
  const taps = await serverRenderedPage(html);
  const pressed: string[] = [];
  for (const id of ids) byId(id).addEventListener('click', () => pressed.push(id));
  taps.holdTapsUntilHydrated(COVER);
  return { taps, pressed };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a tap before the app has hydrated the page (ADR 0190)', () => {
  it('is held, then answered once the screen has hydrated, once: the last of several taps', async () => {
    const { taps, pressed } = await holdingPage('<button id="a"><span id="a-label">Open</span></button><button id="b">Other</button>', ['a', 'b']);

    tapThroughCover(byId('b'));
    // The diner changed their mind; the span inside the button is what the point hit.
    tapThroughCover(byId('a-label'));
    tapThroughCover(byId('a-label'));
    expect(pressed).toEqual([]);
    // The tap shows as taken: one ring on the cover, until the page scrolls beneath it.
    const cover = document.getElementById(COVER);
    expect(cover?.querySelectorAll(`.${taps.HELD_TAP_CLASS}`)).toHaveLength(1);
    window.dispatchEvent(new Event('scroll'));
    expect(cover?.querySelectorAll(`.${taps.HELD_TAP_CLASS}`)).toHaveLength(0);

    taps.stopHoldingTaps();
    expect(pressed).toEqual([]);
    taps.answerHeldTap();
    expect(pressed).toEqual(['a']);
    taps.answerHeldTap();
    expect(pressed).toEqual(['a']);
  });

  it('focuses a text box tapped beneath the cover at once, and holds no tap for it', async () => {
    const { taps, pressed } = await holdingPage('<button id="b">Dismiss</button><label id="l" for="q">Search</label><input id="q" type="search">', ['b']);

    tapThroughCover(byId('b'));
    tapThroughCover(byId('q'));
    expect(document.activeElement).toBe(byId('q'));
    byId<HTMLInputElement>('q').blur();
    // Its label focuses it too.
    tapThroughCover(byId('l'));
    expect(document.activeElement).toBe(byId('q'));

    taps.answerHeldTap();
    expect(pressed).toEqual(['b']);
  });

  it('holds a key pressed on a focused link, which the browser would otherwise follow without the app', async () => {
    const taps = await serverRenderedPage('<a id="link" href="#stops">Next stops</a>');
    const followed: boolean[] = [];
    byId('link').addEventListener('click', (event) => followed.push(event.defaultPrevented));
    taps.holdTapsUntilHydrated(COVER);

    // A click made by a key: it reaches the link itself (detail 0), not the cover.
    const byKey = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 });
    byId('link').dispatchEvent(byKey);
    expect(byKey.defaultPrevented).toBe(true);
    // Stopped before the page (React's listeners) saw it.
    expect(followed).toEqual([]);

    taps.answerHeldTap();
    expect(followed).toEqual([false]);
  });

  it("holds a form's submission, and submits it once the screen has hydrated", async () => {
    const taps = await serverRenderedPage('<form id="f"><input name="q"><button id="go">Go</button></form>');
    const submitted: (string | undefined)[] = [];
    byId('f').addEventListener('submit', (event) => {
      submitted.push((event as SubmitEvent).submitter?.id);
      event.preventDefault();
    });
    taps.holdTapsUntilHydrated(COVER);

    byId<HTMLFormElement>('f').requestSubmit(byId('go'));
    expect(submitted).toEqual([]);
    taps.answerHeldTap();
    expect(submitted).toEqual(['go']);
  });

  it('drops a tap on what the app no longer shows, and leaves plain text and the page after alone', async () => {
    const { taps, pressed } = await holdingPage('<p id="text">Open till 9</p><button id="b">Gone</button>', ['b']);

    tapThroughCover(byId('b'));
    tapThroughCover(byId('text'));
    byId('b').remove();
    taps.answerHeldTap();
    expect(pressed).toEqual([]);

    // Once answered, a click is the page's own again.
    document.getElementById('root')?.insertAdjacentHTML('beforeend', '<a id="after" href="#x">After</a>');
    const after = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('after').dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('does nothing on a page the browser renders itself (no cover)', async () => {
    const taps = await serverRenderedPage('<button id="b">Go</button>');
    document.getElementById(COVER)?.remove();
    taps.holdTapsUntilHydrated(COVER);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('b').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});

describe('a page whose app did not load (ADR 0190)', () => {
  it('follows a link held, and lets the browser follow links from then on; a button is still held', async () => {
    const taps = await serverRenderedPage('<a id="link" href="#menu">Menu</a><button id="b">Favorite</button>');
    const followed: boolean[] = [];
    byId('link').addEventListener('click', (event) => followed.push(event.defaultPrevented));
    taps.holdTapsUntilHydrated(COVER);

    tapThroughCover(byId('link'));
    expect(followed).toEqual([]);
    document.getElementById(COVER)?.remove();
    taps.letLinksThrough();
    expect(followed).toEqual([false]);

    const again = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
    byId('link').dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    const button = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
    byId('b').dispatchEvent(button);
    expect(button.defaultPrevented).toBe(true);
  });
});
