import { TRUCK_EVENT_TYPES } from '@shared/constants';
import type { EventStreamTicket, TruckEvent } from '@shared/contracts';
import { apiJson } from '@client/lib/api-client';
import { getToken } from '@client/lib/storage';

/**
 * Live truck changes from `GET /api/events` (Server-Sent Events), shared by every screen: ONE
 * TruckStream per app, made by TruckStreamProvider at the app root (client/src/app/app.tsx), with
 * ONE EventSource, opened while at least one component listens (ref-counted) and closed when the
 * last one leaves. The browser resumes a dropped public stream with Last-Event-ID by itself; when
 * the stream is gone for good (HTTP error) we open a new one after a pause and announce a `reset`,
 * because a fresh EventSource cannot resume. A signed-in stream's ticket opens it once only, so we
 * reconnect it ourselves with a new ticket, resuming after the last event seen (`lastEventId`).
 */

export const EVENTS_URL = '/api/events';
export const TICKET_URL = '/api/events/ticket';

/** A truck change, or `reset`: refetch everything (the server could not replay what we missed). */
export type TruckStreamMessage = TruckEvent | { type: 'reset' };
export type TruckEventsConnection = 'connecting' | 'open' | 'closed';

export type TruckStreamListener = (message: TruckStreamMessage) => void;

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

/** The app's one connection to the truck event stream (see the top of this file). */
export interface TruckStream {
  /** The connection's state: 'open' means changes arrive live (polling may pause). */
  getState(): TruckEventsConnection;
  /** Calls `onChange` whenever the state changes; returns the unsubscribe function. */
  subscribeState(onChange: () => void): () => void;
  /** Hands every message to `listener` and keeps the stream open until the returned function is called. */
  listen(listener: TruckStreamListener): () => void;
  /** After sign-in or sign-out the stream must be reopened for the new viewer (lists refetch on open). */
  syncViewer(): void;
}

/**
 * A new TruckStream, closed until its first listener. Its state lives in this closure (not in
 * module variables): TruckStreamProvider makes the app's one, tests make their own.
 */
export function createTruckStream(): TruckStream {
  const listeners = new Set<TruckStreamListener>();
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
  /** Cancels a connect still waiting for its ticket when the stream is closed or reopened meanwhile. */
  let generation = 0;

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

  return {
    getState: () => state,
    subscribeState(onChange) {
      stateListeners.add(onChange);
      return () => {
        stateListeners.delete(onChange);
      };
    },
    listen(listener) {
      listeners.add(listener);
      const release = acquire();
      return () => {
        listeners.delete(listener);
        release();
      };
    },
    syncViewer() {
      if (refs === 0 || getToken() === openedWith) return;
      lastSeenId = null; // another viewer: lists refetch instead of resuming someone else's stream
      source?.close();
      source = null;
      if (reopenTimer) clearTimeout(reopenTimer);
      reopenTimer = null;
      open();
    },
  };
}
