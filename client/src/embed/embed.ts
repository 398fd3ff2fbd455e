/**
 * The embed card's only script (`/embed/trucks/:id`, issue 14): a separate Vite input, not the React
 * app, so a card on an operator's website costs a few kilobytes. The server renders the card; this
 * keeps it live. On an event for this truck from the public event stream (or a `reset`, or every
 * five minutes, as stops come and go), it fetches the card page again without cookies and swaps in
 * the fresh card, so the server stays the only renderer. The stream opens from the card's
 * `data-event-id`, the last truck event the server had when it rendered the card (ADR 0139): a
 * change made while the page loads is replayed, not lost. A refetched card is read from the
 * database after the event that asked for it, so it holds that event and every earlier one.
 */
const card = document.getElementById('card');
const truckId = Number(card?.dataset.truckId);
const eventId = card?.dataset.eventId ?? '';
const REFRESH_MS = 5 * 60_000;

let refreshing: Promise<void> | null = null;
let again = false;

async function refresh(): Promise<void> {
  const res = await fetch(window.location.href, { credentials: 'omit', cache: 'no-store' });
  if (!res.ok || !card) return;
  const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById('card');
  if (fresh) card.replaceChildren(...Array.from(fresh.childNodes));
}

/** One refresh at a time; a change during one asks for one more afterwards. */
function scheduleRefresh(): void {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = refresh()
    .catch(() => {})
    .finally(() => {
      refreshing = null;
      if (again) {
        again = false;
        scheduleRefresh();
      }
    });
}

function isThisTruck(data: string): boolean {
  try {
    const event = JSON.parse(data) as { truck?: { id?: unknown } };
    return event.truck?.id === truckId;
  } catch {
    return false;
  }
}

if (card && Number.isInteger(truckId) && typeof EventSource !== 'undefined') {
  // Anonymous and without credentials: the diners' view, and no cookie from this origin.
  const events = new EventSource(/^\d+$/.test(eventId) ? `/api/events?lastEventId=${eventId}` : '/api/events');
  events.addEventListener('truck', (e: MessageEvent<string>) => {
    if (isThisTruck(e.data)) scheduleRefresh();
  });
  events.addEventListener('reset', scheduleRefresh);
  window.setInterval(scheduleRefresh, REFRESH_MS);
}
