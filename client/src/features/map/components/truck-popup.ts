import type { TruckSummary } from '@shared/contracts';
import { formatDateTime, formatPhone } from '@shared/utils/format';
import { telHref } from '@shared/utils/phone';
import { placeOf } from '@shared/utils/truck-address';
import {
  describeRating,
  directionsUrl,
  formatAge,
  formatRating,
  isScheduled,
  scheduledHours,
  shownOpen,
} from '@client/entities/truck/truck-format';
import { listingLine } from '@shared/utils/listing-line';
import L from 'leaflet';

/** The popup's content width: in rem, so it follows the diner's font size. */
const CONTENT_WIDTH_REM = 14;
/** Around it, `.leaflet-popup-content`'s side margins (truck-map.css) and its wrapper's padding. */
const CONTENT_MARGIN_X_PX = 14;
const WRAPPER_PADDING_PX = 1;
let remPx: number | undefined;

/**
 * Leaflet's popup, laid out without measuring it. Leaflet's own `_updateLayout` (1.9.4) sizes the
 * content to its text, unwrapped: three forced layouts in the tap's handler, the largest part of a
 * pin tap's 60 ms of script on a 4× slowed phone (issue 33's INP). A truck's popup has one width,
 * so it is set, and the popup's width (which centres it over the pin) is reckoned from it; its
 * height is capped by CSS (truck-map.css), not by Leaflet's `maxHeight`.
 */
export class TruckPopup extends L.Popup {
  declare _contentNode: HTMLElement;
  declare _containerWidth: number;

  _updateLayout(): void {
    remPx ??= parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const width = CONTENT_WIDTH_REM * remPx;
    this._contentNode.style.width = `${width}px`;
    this._containerWidth = width + 2 * (CONTENT_MARGIN_X_PX + WRAPPER_PADDING_PX);
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Marks a popup's link to a page of the app: the map follows it in-app (truck-map.tsx), not by a page load. */
export const IN_APP_LINK = 'data-in-app';

function truckPageLink(truck: TruckSummary, text: string, label?: string): HTMLAnchorElement {
  const a = el('a', 'block font-medium text-brand-700 underline', text);
  a.href = `/trucks/${truck.id}`;
  a.setAttribute(IN_APP_LINK, '');
  if (label) a.setAttribute('aria-label', label);
  return a;
}

/**
 * The map popup of spec section 2: name, Open or Closed badge, Directions link, cuisine, description,
 * image, address, a call link (issue 27), last-updated time. Built as DOM (text only, never HTML strings), lazily on open,
 * so 10,000 markers cost no popup work until one is clicked.
 */
export function buildTruckPopup(truck: TruckSummary, slots: { extra?: HTMLElement; description?: HTMLElement } = {}): HTMLElement {
  const root = el('div', 'space-y-1.5 text-sm text-gray-900');
  root.dataset.testid = 'truck-popup';
  const head = el('div', 'flex items-start justify-between gap-2');
  // A long name wraps, even inside a word: it must not push the Open/Closed badge out of the popup.
  head.append(el('strong', 'min-w-0 text-base leading-tight break-words', truck.name));
  // In the look-ahead, where it will be then (ADR 0184), not whether it is open now.
  head.append(
    el(
      'span',
      `shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${shownOpen(truck) ? 'bg-green-700 text-white' : 'bg-gray-200 text-gray-900'}`,
      isScheduled(truck) ? 'Scheduled' : truck.isOpen ? 'Open' : 'Closed',
    ),
  );
  root.append(head);
  const line = el('div', 'flex flex-wrap items-center justify-between gap-x-2 gap-y-1');
  const rating = el('span', 'rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900', formatRating(truck.rating));
  rating.setAttribute('aria-label', describeRating(truck.rating));
  rating.dataset.testid = 'rating-badge';
  line.append(rating);
  // The favourite button is rendered into this slot by the map (a React portal).
  if (slots.extra) line.append(slots.extra);
  root.append(line);
  // Directions, and the truck's own page (next stops, know before you go, the whole menu, ordering)
  // as from its card: an unclaimed listing's page is reached by its "Claim it" link below.
  const links = el('div', 'flex flex-wrap gap-x-4 gap-y-1');
  const url = directionsUrl(truck);
  if (url) {
    const a = el('a', 'font-medium text-brand-700 underline', 'Directions');
    a.href = url;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.setAttribute('aria-label', `Directions to ${truck.name} (opens in a new tab)`);
    links.append(a);
  }
  if (!truck.listing) links.append(truckPageLink(truck, 'Truck page', `Truck page of ${truck.name}`));
  if (links.childElementCount > 0) root.append(links);
  root.append(el('p', 'text-gray-700 !m-0', truck.cuisine));
  // The description comes with the whole truck, rendered into this slot by the map (ADR 0120).
  if (slots.description) root.append(slots.description);
  if (truck.image) {
    const img = el('img', 'h-24 w-full rounded object-cover');
    img.src = truck.image;
    img.alt = truck.name;
    img.loading = 'lazy';
    root.append(img);
  }
  root.append(el('p', 'text-gray-700 !m-0', placeOf(truck)));
  if (truck.phone) {
    const call = el('a', 'block font-medium text-brand-700 underline', formatPhone(truck.phone));
    call.href = telHref(truck.phone);
    call.setAttribute('aria-label', `Call ${truck.name} at ${formatPhone(truck.phone)}`);
    root.append(call);
  }
  if (truck.listing) {
    // An unclaimed listing (issue 26): where it comes from, never a position's freshness (it has no GPS).
    const note = el('p', 'text-xs text-gray-700 !m-0', listingLine(truck.listing));
    note.dataset.testid = 'popup-listing';
    note.title = `Source: ${truck.listing.sourceName} (${truck.listing.licence})`;
    root.append(note);
    // Its operator claims it on the truck's page, as from the listing's card.
    root.append(truckPageLink(truck, 'Is this your truck? Claim it'));
    return root;
  }
  if (isScheduled(truck)) {
    // The look-ahead's truck: its hours at this stop, not how fresh its GPS is now.
    const hours = el('p', 'text-xs font-medium text-gray-800 !m-0', scheduledHours(truck));
    hours.dataset.testid = 'popup-scheduled-hours';
    root.append(hours);
    return root;
  }
  const updated = el('p', 'text-xs text-gray-600 !m-0', 'Last updated: ');
  const time = el('time', '', formatDateTime(truck.lastUpdated));
  time.dateTime = truck.lastUpdated;
  updated.append(time);
  root.append(updated);
  // How fresh the position is, as of opening (the popup is rebuilt on each opening and change).
  const age = el('p', 'text-xs font-medium text-gray-800 !m-0', formatAge(truck.lastUpdated));
  age.dataset.testid = 'popup-updated-ago';
  root.append(age);
  return root;
}
