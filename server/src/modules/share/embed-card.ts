import type { Occurrence } from '@shared/contracts/schedules';
import type { TruckRow } from '../trucks/truck.repository';
import { escapeHtml } from './page-html';
import { atPlace, placeOf } from '@shared/utils/truck-address';
import { describeStatus, truckStatus } from '@shared/utils/truck-status-line';
import { formatClockRange, formatWeekday, SERVER_LOCALE } from '@shared/utils/format';
import { DIET_TEXT, statedFeatures, truckDietOptions } from '@shared/utils/attributes';

/** How many of the next stops the card lists. */
export const EMBED_STOPS = 3;

/**
 * The embed card's own policy (issue 14): any site may frame it (`frame-ancestors *`), it runs only
 * its one script from this origin and talks only to this origin (the event stream, its own page).
 */
export const EMBED_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** Small enough to inline: the whole card is a few kilobytes, so it needs no stylesheet request. */
const STYLE = `*{box-sizing:border-box}html,body{margin:0}body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff}
.card{padding:12px 14px;border:1px solid #e5e7eb;border-radius:12px;max-width:480px;display:flex;flex-direction:column;max-height:100vh;overflow:hidden}
.card>ul{flex:0 1 auto;min-height:0;overflow:auto}.card>.more{margin-top:auto;padding-top:4px}
.head{display:flex;gap:8px;align-items:center;justify-content:space-between}
h1{font-size:16px;margin:0;overflow-wrap:anywhere}h2{font-size:12px;margin:10px 0 2px;text-transform:uppercase;letter-spacing:.04em;color:#4b5563}
.status{flex:none;border-radius:999px;padding:2px 8px;font-size:12px;font-weight:600}
.open{background:#15803d;color:#fff}.closed{background:#e5e7eb;color:#111827}
p,ul{margin:4px 0}ul{padding-left:18px}.where{overflow-wrap:anywhere}.muted{color:#4b5563}
a{color:#c2410c;font-weight:600}
.facts{display:flex;flex-wrap:wrap;gap:4px;list-style:none;padding:0}.facts li{border:1px solid #e5e7eb;border-radius:999px;padding:0 8px;font-size:12px}
.facts .yes{background:#f0fdf4;color:#14532d}.facts .no{background:#f9fafb;color:#374151}`;

export interface EmbedCardView {
  truck: Pick<TruckRow, 'id' | 'name' | 'cuisine' | 'isOpen' | 'address' | 'latitude' | 'longitude' | 'lastUpdated'> & { listing?: TruckRow['listing'] } &
    Partial<Pick<TruckRow, 'features' | 'menuLabels'>>;
  stops: Occurrence[];
  /** PUBLIC_URL: the card links to the truck's share page. */
  publicUrl: string;
  /** The built card script (`/assets/embed-….js`), when the front end is built. */
  script: string | null;
  /** The clock the status line is read at (tests pass one). */
  now?: Date;
  /** The id of the last truck event the card includes: its script's event stream opens from it (ADR 0139). */
  eventId: number;
}

/** The card is the same for every viewer (it is built once per change): the server's locale. */
const SERVER = { locale: SERVER_LOCALE };

/**
 * What the truck states (issue 28): 'Takes cards', 'No cash', 'Step-free', 'Vegan options' — a glyph
 * for the eye (hidden from screen readers) and the words for everyone. Nothing when nothing is stated.
 */
function factsList(truck: EmbedCardView['truck']): string {
  const items = [
    ...statedFeatures(truck.features).map(({ value, text }) => `<li class="${value ? 'yes' : 'no'}"><span aria-hidden="true">${value ? '✓' : '✗'}</span> ${escapeHtml(text)}</li>`),
    ...truckDietOptions(truck).map((d) => `<li class="yes"><span aria-hidden="true">✓</span> ${escapeHtml(`${DIET_TEXT[d]} options`)}</li>`),
  ];
  return items.length > 0 ? `<ul class="facts" aria-label="Know before you go" data-facts>${items.join('')}</ul>` : '';
}

const stopLine = (o: Occurrence) =>
  `<li>${escapeHtml(`${formatWeekday(o.weekday, SERVER)} ${formatClockRange(o.startTime, o.endTime, SERVER)}`)} <span class="muted">at ${escapeHtml(o.address)}</span></li>`;

/**
 * The card's inner HTML: open or closed, where, the next stops and the link. The page's script
 * swaps this part for a fresh copy from the server when the event stream reports a change, so the
 * server is the only renderer.
 */
export function embedCardBody({ truck, stops, publicUrl, now = new Date() }: EmbedCardView): string {
  const where = truck.isOpen ? placeOf(truck) : null;
  // The status line (one rule with the app's cards) when it says more than the badge and the list
  // of next stops below: a stop under way, kept or not.
  const status = truckStatus(truck, stops, now);
  // An unclaimed listing is never open (issue 26): "— not open yet" would promise that it opens.
  const line = !truck.listing && (status.kind === 'open-at-stop' || status.kind === 'not-open-yet') ? describeStatus(status, SERVER) : null;
  return [
    `<div class="head"><h1>${escapeHtml(truck.name)}</h1>`,
    `<span class="status ${truck.isOpen ? 'open' : 'closed'}" data-status>${truck.isOpen ? 'Open now' : 'Closed'}</span></div>`,
    `<p class="muted">${escapeHtml(truck.cuisine)}</p>`,
    line === null ? '' : `<p data-status-line>${escapeHtml(line)}</p>`,
    where === null ? '' : `<p class="where">Now ${escapeHtml(atPlace(where))}</p>`,
    factsList(truck),
    `<h2>Next stops</h2>`,
    stops.length > 0 ? `<ul tabindex="0" aria-label="Next stops">${stops.map(stopLine).join('')}</ul>` : `<p class="muted">No upcoming stops</p>`,
    // Last and never pushed out: in a frame shorter than the card, the stops above scroll instead.
    `<p class="more"><a href="${escapeHtml(`${publicUrl}/trucks/${truck.id}`)}" target="_blank" rel="noopener">Find us on Food Truck Finder</a></p>`,
  ].join('');
}

/** The whole card page. */
export function embedCardPage(view: EmbedCardView): string {
  const script = view.script ? `<script type="module" src="/${escapeHtml(view.script)}"></script>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(view.truck.name)} · Food Truck Finder</title><style>${STYLE}</style></head><body><main class="card" id="card" data-truck-id="${view.truck.id}" data-event-id="${view.eventId}" aria-live="polite">${embedCardBody(view)}</main>${script}</body></html>`;
}

/** Unknown or hidden truck: a card that says so (404), still frameable. */
export function embedNotFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Food truck not found · Food Truck Finder</title><style>${STYLE}</style></head><body><main class="card"><h1>Food truck not found</h1><p class="muted">This truck is not on Food Truck Finder right now.</p></main></body></html>`;
}
