/**
 * A tap on a server-rendered page before the app has hydrated it (ADR 0190). The page lies under a
 * clear cover until then (ADR 0168), so that a button does not take a tap that nothing answers; on a
 * slow phone that is seconds, and a diner's tap on a card, a button or a link was simply lost. Now the
 * page's first script (main.tsx) finds what was tapped beneath the cover and, once the app has
 * hydrated the screen (`ScreenHydrated`), taps it again: the diner's last tap is answered, once.
 * A text box tapped meanwhile is focused at once; what is typed into it is kept
 * (`useKeepTypedBeforeHydration`). A click that reaches the page itself (a key pressed on a focused
 * button) is held the same way, as is a form's submission, which would otherwise reload the page.
 * No React here: this runs in the page's first script.
 */

/** What a tap answers: the element a tap beneath the cover is for. */
const ANSWERS_TAPS =
  'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"]';

/** Input types that take typing: focused at once rather than tapped again later. */
const NOT_TYPED = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

function takesTyping(node: Element | null): node is HTMLElement {
  if (node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement) return true;
  return node instanceof HTMLInputElement && !NOT_TYPED.has(node.type);
}

/** The diner's last tap (what it was on, and how to answer it); undefined once it has been answered. */
let held: { on: Element; answer: () => void } | null | undefined;
let stopHolding = () => {};
/** Set when the app did not load (`letLinksThrough`): the browser follows a link itself. */
let linksThrough = false;

/** The element under the point of a tap on the cover (or the target of a click that reached the page). */
function tappedElement(event: MouseEvent, cover: Element | null): Element | null {
  const target = event.target instanceof Element ? event.target : null;
  if (!cover || target !== cover) return target;
  // A click made by a key has no point (0, 0): nothing beneath the cover was meant.
  if (event.detail === 0) return null;
  return document.elementsFromPoint(event.clientX, event.clientY).find((node) => node !== cover) ?? null;
}

/** Marks the held tap's element (on the cover, which is ours: React's nodes are left as it rendered them). */
export const HELD_TAP_CLASS = 'ftf-held-tap';

/**
 * Shows the diner that their tap was taken: a ring on the cover over what they tapped, until the
 * app answers it (the cover goes) or the page scrolls beneath the ring.
 */
function markHeld(cover: Element, node: Element): void {
  const mark = cover.querySelector(`.${HELD_TAP_CLASS}`) ?? cover.appendChild(document.createElement('div'));
  mark.className = HELD_TAP_CLASS;
  const { left, top, width, height } = node.getBoundingClientRect();
  if (mark instanceof HTMLElement) Object.assign(mark.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
  window.addEventListener('scroll', () => mark.remove(), { once: true, passive: true });
}

/**
 * From the page's first script, on a page the server rendered: holds taps (and submissions) until
 * `answerHeldTap`. Does nothing where there is no cover (the browser renders the page itself).
 */
export function holdTapsUntilHydrated(coverId: string): void {
  const cover = document.getElementById(coverId);
  if (!cover || held !== undefined) return;
  held = null;
  const onClick = (event: MouseEvent) => {
    const node = tappedElement(event, cover)?.closest(ANSWERS_TAPS) ?? null;
    const control = node instanceof HTMLLabelElement ? node.control : node;
    if (takesTyping(control)) {
      // Beneath the cover, focused here; reached itself (or by its label), the browser focuses it.
      if (event.target === cover) control.focus();
      return;
    }
    if (!(node instanceof HTMLElement) || (linksThrough && node instanceof HTMLAnchorElement)) return;
    held = { on: node, answer: () => node.isConnected && node.click() };
    if (event.target === cover) markHeld(cover, node);
    // A click that reached the page (a key pressed on a focused button or link) would follow the link
    // or submit the form without the app, or reach a part React has hydrated already and be answered twice.
    else {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    const { submitter } = event;
    held = { on: form, answer: () => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : null) };
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  stopHolding = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
  };
}

/**
 * The app did not load (app-start.ts), and the page stays the server's HTML for now: a link held is
 * followed, and from now on the browser follows links itself, as on any page. Other taps are still
 * held (a button without the app would do nothing, or submit its form as a plain page), for the app
 * if it loads later.
 */
export function letLinksThrough(): void {
  linksThrough = true;
  const tap = held;
  if (!(tap?.on instanceof HTMLAnchorElement)) return;
  held = null;
  tap.answer();
}

/**
 * From the app's first effect, as it takes the cover away: from now on a tap reaches the page, and
 * React answers it (hydrating the part tapped first, if it can).
 */
export function stopHoldingTaps(): void {
  stopHolding();
  stopHolding = () => {};
}

/**
 * Once the screen has hydrated (`ScreenHydrated`): answers the last tap held. Not before: React
 * drops a click on a part it has not hydrated yet whose code has not arrived (a lazily loaded screen).
 */
export function answerHeldTap(): void {
  stopHoldingTaps();
  const tap = held;
  held = undefined;
  tap?.answer();
}
