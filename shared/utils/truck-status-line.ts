/**
 * What a truck's status line says (issue 24: "what a card says must be true"). One home for the rule,
 * used by the list and favourites cards, the map popup, the truck page, the embed card and the voice
 * assistant: the live state first, then the schedule. A closed truck never reads "Open now", and an
 * open truck reads "Open now until 2:00 PM" only when it is at the stop under way (ADR 0100).
 *
 * Pure: the caller passes its clock (`now`), the truck's live state and its stops in start order
 * (the upcoming list of GET /api/food-trucks/upcoming-stops, the embed's next stops, the voice
 * module's expansion). Stop times are the truck's local wall-clock times ('14:00'); the instants
 * decide, so the viewer's own time zone never matters.
 */
import { formatClock, formatClockRange, formatWeekday } from './format';
import { haversineKm } from './geo';
import { SAME_SPOT_KM } from './truck-address';

/** A truck's live state as every reader has it (the diners' summary carries these fields). */
export interface StatusTruck {
  isOpen: boolean;
  latitude: number | null;
  longitude: number | null;
}

/** One occurrence of a stop, as the wire's `Occurrence` has it (`start`/`end`: ISO or epoch ms). */
export interface StatusStop {
  kind: 'weekly' | 'once';
  start: string | number;
  end: string | number;
  weekday: number;
  startTime: string;
  endTime: string;
  latitude: number;
  longitude: number;
  address: string;
}

export type TruckStatus<S extends StatusStop = StatusStop> =
  /** Open, at the stop under way: 'Open now until 2:00 PM'. */
  | { kind: 'open-at-stop'; stop: S }
  /** Open away from any stop under way: 'Open now', with the next stop when there is one. */
  | { kind: 'open'; next: S | null }
  /**
   * Closed while a stop is under way: 'Usually here until 2:00 PM — not open yet' (weekly stop) or
   * 'Scheduled until 2:00 PM — not open yet' (one-off). Whether it has not come or left early is not
   * known (`lastUpdated` also moves with edits), and either way it may still open before the end.
   */
  | { kind: 'not-open-yet'; stop: S }
  /** Closed, a stop to come: 'Next: Tue 11:00 AM–2:00 PM at 6th & Congress' ('Today', 'Tomorrow'). */
  | { kind: 'next'; stop: S }
  /** Closed, nothing ahead: 'No upcoming stops'. */
  | { kind: 'no-stops' };

const ms = (t: string | number): number => (typeof t === 'number' ? t : Date.parse(t));

/** The truck stands at the stop's place (within SAME_SPOT_KM: GPS error and a block's walk). */
function atStop(truck: StatusTruck, stop: StatusStop): boolean {
  if (truck.latitude === null || truck.longitude === null) return false;
  return (
    haversineKm({ lat: truck.latitude, lng: truck.longitude }, { lat: stop.latitude, lng: stop.longitude }) <=
    SAME_SPOT_KM
  );
}

/**
 * The decision. A stop is under way from its start (included) to its end (excluded); ended stops are
 * skipped.
 */
export function truckStatus<S extends StatusStop>(
  truck: StatusTruck,
  stops: readonly S[],
  now: Date,
): TruckStatus<S> {
  const t = now.getTime();
  const ahead = stops.filter((s) => ms(s.end) > t);
  const current = ahead.find((s) => ms(s.start) <= t) ?? null;
  const next = ahead.find((s) => ms(s.start) > t) ?? null;
  if (truck.isOpen) {
    if (current && atStop(truck, current)) return { kind: 'open-at-stop', stop: current };
    return { kind: 'open', next };
  }
  if (current) return { kind: 'not-open-yet', stop: current };
  return next ? { kind: 'next', stop: next } : { kind: 'no-stops' };
}

/** How the line writes times (shared/utils/format.ts): the viewer's locale, or the server's. */
export interface StatusTextOptions {
  locale?: string;
  /** The clock the status was decided at: with it, a stop today or tomorrow says so. */
  now?: Date;
}

/**
 * 'Today' or 'Tomorrow' when the stop starts on the truck's own today or tomorrow, else null. "Next:
 * Sat 6:00 PM" read on a Saturday left the diner asking which Saturday. The truck's today needs no
 * zone: it is the stop's local start minus the time until it.
 */
export function nearDayOf(
  s: Pick<StatusStop, 'start' | 'startTime'>,
  now: Date,
): 'Today' | 'Tomorrow' | null {
  const [hours = 0, minutes = 0] = s.startTime.split(':').map(Number);
  const minutesAhead = (ms(s.start) - now.getTime()) / 60_000;
  const days = -Math.floor((hours * 60 + minutes - minutesAhead) / 1440);
  return days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : null;
}

/** The stop's day as a diner reads it: 'Today' and 'Tomorrow' (`nearDayOf`), else its weekday ('Tue'). */
const dayOf = (s: StatusStop, o: StatusTextOptions): string =>
  (o.now && nearDayOf(s, o.now)) ?? formatWeekday(s.weekday, o);

const nextText = (s: StatusStop, o: StatusTextOptions) =>
  `Next: ${dayOf(s, o)} ${formatClockRange(s.startTime, s.endTime, o)} at ${s.address}`;

/** The line itself, as cards, popups, the truck page and the embed card show it. */
export function describeStatus(status: TruckStatus, options: StatusTextOptions = {}): string {
  switch (status.kind) {
    case 'open-at-stop':
      return `Open now until ${formatClock(status.stop.endTime, options)}`;
    case 'open':
      return status.next ? `Open now · ${nextText(status.next, options)}` : 'Open now';
    case 'not-open-yet':
      return `${status.stop.kind === 'weekly' ? 'Usually here' : 'Scheduled'} until ${formatClock(status.stop.endTime, options)} — not open yet`;
    case 'next':
      return nextText(status.stop, options);
    case 'no-stops':
      return 'No upcoming stops';
  }
}

/** `describeStatus(truckStatus(…))`: the status line of a truck at `now`. */
export const truckStatusLine = (
  truck: StatusTruck,
  stops: readonly StatusStop[],
  now: Date,
  options: StatusTextOptions = {},
): string => describeStatus(truckStatus(truck, stops, now), { now, ...options });

/**
 * How a stop under way at `now` stands against the truck's live state, for a list of its stops
 * beside the status line (the truck's page): 'Here now' (open at it), 'Open elsewhere now' (the
 * line's "Open now", away from it: ADR 0100), 'Not open yet'. Null for a stop not under way, and
 * for an open truck whose place is not known (where it is cannot be said either way).
 */
export function underWayNote(truck: StatusTruck, stop: StatusStop, now: Date): string | null {
  const t = now.getTime();
  if (ms(stop.start) > t || ms(stop.end) <= t) return null;
  if (!truck.isOpen) return 'Not open yet';
  if (truck.latitude === null || truck.longitude === null) return null;
  return atStop(truck, stop) ? 'Here now' : 'Open elsewhere now';
}

/**
 * Whether a diner can say "I'm going" (issue 31): the truck is open where it stands, or one of its
 * stops is under way or to come. The server's rule in the same terms (going.service answers 409
 * otherwise), so cards, popups and the truck's page offer the button only where it can work.
 */
export function hasStopToGoTo(
  truck: StatusTruck,
  stops: readonly Pick<StatusStop, 'end'>[],
  now: Date,
): boolean {
  if (truck.isOpen && truck.latitude !== null && truck.longitude !== null) return true;
  return stops.some((s) => ms(s.end) > now.getTime());
}
