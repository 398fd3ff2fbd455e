import { DEFAULT_RADIUS_MILES, TRUCK_EVENT_TYPES } from '@shared/constants';
import type { TruckSummary, TruckEvent } from '@shared/contracts';
import { haversineMiles } from '@shared/utils/geo';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { EventStreamTicket } from '@shared/contracts';
import { apiJson } from './api-client';
import { useAuth } from './auth';
import { queryKeys, type ActiveTrucksParams } from './query-keys';
import { getToken } from './storage';

/**
 * Live truck changes from `GET /api/events` (Server-Sent Events), shared by every screen:
 * ONE EventSource for the whole app, opened while at least one component listens (ref-counted)
 * and closed when the last one leaves. The browser resumes a dropped public stream with
 * Last-Event-ID by itself; when the stream is gone for good (HTTP error) we open a new one after a
 * pause and announce a `reset`, because a fresh EventSource cannot resume. A signed-in stream's
 * ticket opens it once only, so we reconnect it ourselves with a new ticket, resuming after the
 * last event seen (`lastEventId`).
 */

export const EVENTS_URL = '/api/events';
export const TICKET_URL = '/api/events/ticket';

/** A truck change, or `reset`: refetch everything (the server could not replay what we missed). */
export type TruckStreamMessage = TruckEvent | { type: 'reset' };
export type TruckEventsConnection = 'connecting' | 'open' | 'closed';

type Listener = (message: TruckStreamMessage) => void;

const listeners = new Set<Listener>();
const stateListeners = new Set<() => void>();
let source: EventSource | null = null;
let refs = 0;
let state: TruckEventsConnection = 'closed';
let reopenTimer: ReturnType<typeof setTimeout> | null = null;
let reopenDelay = 3000;
let everOpened = false;
/** The token the stream was opened with: an operator's stream carries only their own trucks. */
let openedWith: string | null = null;
/** The id of the last event received, to resume a signed-in stream from (its ticket is used up). */
let lastSeenId: string | null = null;

function setState(next: TruckEventsConnection) {
  if (next === state) return;
  state = next;
  for (const l of stateListeners) l();
}

function emit(message: TruckStreamMessage) {
  for (const l of [...listeners]) l(message);
}

function onTruck(e: MessageEvent<string>) {
  let raw: unknown;
  try {
    raw = JSON.parse(e.data);
  } catch {
    return;
  }
  if (e.lastEventId) lastSeenId = e.lastEventId;
  // Hand on the wire object (ISO strings), as the REST lists hold it.
  if (isTruckEvent(raw)) emit(raw);
}

/**
 * A frame of the kind the server sends (truckEventSchema in shared/contracts/events.ts, which the
 * server's tests hold every frame to); anything else, such as a newer server's new kind, is skipped.
 * A structural check rather than the zod schema keeps zod out of the diners' screen (ADR 0120).
 */
export function isTruckEvent(raw: unknown): raw is TruckEvent {
  if (typeof raw !== 'object' || raw === null) return false;
  const { type, truck } = raw as { type?: unknown; truck?: unknown };
  return (
    (TRUCK_EVENT_TYPES as readonly unknown[]).includes(type) &&
    typeof truck === 'object' &&
    truck !== null &&
    Number.isInteger((truck as { id?: unknown }).id)
  );
}

/** Cancels a connect still waiting for its ticket when the stream is closed or reopened meanwhile. */
let generation = 0;

function open() {
  if (typeof EventSource === 'undefined') return;
  const gen = ++generation;
  openedWith = getToken();
  if (!openedWith) {
    connect(EVENTS_URL);
    return;
  }
  setState('connecting');
  void signedInStreamUrl().then((url) => {
    if (gen === generation && refs > 0 && !source) connect(url, url !== EVENTS_URL && lastSeenId !== null);
  });
}

/**
 * EventSource cannot send an Authorization header, and a session token does not belong in a URL:
 * the signed-in viewer trades it for a stream-only ticket (an operator's stream carries only their
 * own trucks). If that fails the public stream still carries every visible change.
 */
async function signedInStreamUrl(): Promise<string> {
  try {
    const { ticket } = await apiJson<EventStreamTicket>('POST', TICKET_URL);
    const resume = lastSeenId ? `&lastEventId=${encodeURIComponent(lastSeenId)}` : '';
    return `${EVENTS_URL}?ticket=${encodeURIComponent(ticket)}${resume}`;
  } catch {
    return EVENTS_URL;
  }
}

/** `resuming`: the URL carries lastEventId, so the server replays what was missed (or says reset). */
function connect(url: string, resuming = false) {
  const es = new EventSource(url, { withCredentials: true });
  source = es;
  setState('connecting');
  es.addEventListener('open', () => {
    if (source !== es) return;
    reopenDelay = 3000;
    // A brand-new EventSource (after a permanent failure) cannot resume: make lists refetch.
    if (everOpened && !resuming) emit({ type: 'reset' });
    everOpened = true;
    setState('open');
  });
  es.addEventListener('truck', onTruck);
  es.addEventListener('reset', () => emit({ type: 'reset' }));
  es.addEventListener('error', () => {
    if (source !== es) return;
    // The browser gave up (e.g. a 5xx or a wrong content type), or a signed-in stream dropped: its
    // ticket is used up, so the browser's own retry would only be refused. Reconnect ourselves.
    if (es.readyState === EventSource.CLOSED || url !== EVENTS_URL) {
      es.close();
      source = null;
      setState('closed');
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        if (refs > 0 && !source) open();
      }, reopenDelay);
      reopenDelay = Math.min(reopenDelay * 2, 60_000);
    } else {
      setState('connecting'); // the browser retries after the server's `retry:` and resumes
    }
  });
}

function acquire(): () => void {
  refs += 1;
  if (refs === 1 && !source && !reopenTimer) open();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    refs -= 1;
    if (refs === 0) {
      generation += 1;
      source?.close();
      source = null;
      if (reopenTimer) clearTimeout(reopenTimer);
      reopenTimer = null;
      everOpened = false;
      lastSeenId = null;
      setState('closed');
    }
  };
}

/** After sign-in or sign-out the stream must be reopened for the new viewer (lists refetch on open). */
export function syncTruckEventsViewer(): void {
  if (refs === 0 || getToken() === openedWith) return;
  lastSeenId = null; // another viewer: lists refetch instead of resuming someone else's stream
  source?.close();
  source = null;
  if (reopenTimer) clearTimeout(reopenTimer);
  reopenTimer = null;
  open();
}

/** Subscribes to truck changes while the component is mounted; the latest `onEvent` is always called. */
export function useTruckEvents(onEvent: (message: TruckStreamMessage) => void): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const listener: Listener = (m) => latest.current(m);
    listeners.add(listener);
    const release = acquire();
    return () => {
      listeners.delete(listener);
      release();
    };
  }, []);
}

/** The shared stream's state: 'open' means changes arrive live (polling may pause). */
export function useTruckEventsConnection(): TruckEventsConnection {
  return useSyncExternalStore(
    (cb) => {
      stateListeners.add(cb);
      return () => stateListeners.delete(cb);
    },
    () => state,
    () => 'closed' as const,
  );
}

function isParams(v: unknown): v is ActiveTrucksParams {
  return typeof v === 'object' && v !== null && typeof (v as { lat?: unknown }).lat === 'number' && typeof (v as { lng?: unknown }).lng === 'number';
}

export interface ApplyOptions {
  /** The list belongs to this operator (operators only see their own trucks): others' trucks stay out. */
  operatorId?: number;
}

/**
 * Applies one change to one cached list, returning the same array when nothing changes.
 * A removed truck leaves; any other event replaces the truck in place or inserts it. With a
 * position, the truck must lie within the radius (default 20 miles) and the list stays nearest first.
 */
export function applyTruckEvent(
  list: readonly TruckSummary[],
  event: TruckEvent,
  params?: ActiveTrucksParams,
  options: ApplyOptions = {},
): TruckSummary[] {
  const current = list as TruckSummary[];
  const index = list.findIndex((t) => t.id === event.truck.id);
  const existing = index >= 0 ? list[index] : undefined;
  if (event.type === 'rated') return existing ? patchTruck(list, index, { rating: event.truck.rating }) : current;
  // An older event than what we hold (a refetch overtook it) changes nothing; a removal always applies.
  if (existing && event.type !== 'removed' && Date.parse(existing.lastUpdated) > Date.parse(event.truck.lastUpdated)) {
    return current;
  }

  let next: TruckSummary | null = event.type === 'removed' ? null : { ...event.truck };
  if (next && options.operatorId !== undefined && next.operatorId !== options.operatorId) next = null;
  if (next && params) {
    const { latitude, longitude } = next;
    if (latitude == null || longitude == null) {
      next = null;
    } else {
      const distanceMiles = haversineMiles({ lat: params.lat, lng: params.lng }, { lat: latitude, lng: longitude });
      next = distanceMiles <= (params.radiusMiles ?? DEFAULT_RADIUS_MILES) ? { ...next, distanceMiles } : null;
    }
  } else if (next) {
    delete next.distanceMiles;
  }

  if (!next) return index >= 0 ? list.filter((_, i) => i !== index) : current;
  const without = index >= 0 ? list.filter((_, i) => i !== index) : [...list];
  if (!params) {
    if (index >= 0) without.splice(index, 0, next);
    else without.push(next);
    return without;
  }
  const d = next.distanceMiles ?? 0;
  const at = without.findIndex((t) => (t.distanceMiles ?? Infinity) > d);
  without.splice(at < 0 ? without.length : at, 0, next);
  return without;
}

/** The list with the truck at `index` changed by `patch` (a new array and a new truck object). */
export function patchTruck(list: readonly TruckSummary[], index: number, patch: Partial<TruckSummary>): TruckSummary[] {
  const next = [...list];
  const truck = next[index];
  if (truck) next[index] = { ...truck, ...patch };
  return next;
}

/**
 * Applies a stream message to the query cache: the change goes into every cached active-trucks list
 * (each with its own params) and the truck's own entry; `reset` invalidates them all.
 */
export function applyTruckStreamMessage(queryClient: QueryClient, message: TruckStreamMessage, options: ApplyOptions = {}): void {
  if (message.type === 'reset') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.activeTrucks });
    void queryClient.invalidateQueries({ queryKey: queryKeys.trucks });
    return;
  }
  const lists = queryClient.getQueriesData<TruckSummary[]>({ queryKey: queryKeys.activeTrucks });
  for (const [key, data] of lists) {
    if (!Array.isArray(data)) continue;
    const params = paramsOf(key);
    queryClient.setQueryData<TruckSummary[]>(key, applyTruckEvent(data, message, params, options));
  }
  const detailKey = queryKeys.truck(message.truck.id);
  if (message.type === 'removed') queryClient.removeQueries({ queryKey: detailKey, exact: true });
  else if (message.type === 'rated') {
    const rating = message.truck.rating;
    queryClient.setQueryData<TruckSummary>(detailKey, (truck) => (truck ? { ...truck, rating } : truck));
  } else if (queryClient.getQueryData(detailKey)) queryClient.setQueryData(detailKey, message.truck);
}

function paramsOf(key: QueryKey): ActiveTrucksParams | undefined {
  const p = key[1];
  return isParams(p) ? p : undefined;
}

/** Keeps every cached truck list live while mounted; returns the connection state. */
export function useLiveTruckCache(options: ApplyOptions = {}): TruckEventsConnection {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  useTruckEvents((message) => applyTruckStreamMessage(queryClient, message, options));
  useEffect(() => syncTruckEventsViewer(), [userId]);
  return useTruckEventsConnection();
}
