import { TRUCK_EVENT_TYPES } from '@shared/constants';
import type { EventStreamTicket, GoingNotice, TruckEvent } from '@shared/contracts';
import { apiJson } from '@client/lib/api-client';
import { getToken } from '@client/lib/storage';

/**
 * Live truck changes from `GET /api/events` (Server-Sent Events), shared by every screen: ONE
 * TruckStream per app, made by TruckStreamProvider at the app root (client/src/app/app.tsx), with
 * ONE EventSource, opened while at least one component listens (ref-counted) and closed when the
 * last one leaves.
 *
 * Where it opens from (ADR 0139): every list a screen keeps live says which truck events it holds
 * (the Truck-Event-Id header; `listAnswered`). The stream keeps `position`, the last event every
 * cached list holds: the smallest id a list answered with, moved on by each event received. It
 * first opens only once a list has answered, from that id (`?lastEventId=`), so a change made
 * between the list and the stream is replayed, never lost; a list that answers with an older id
 * than the stream has reached (a cached answer, another process) reopens it from that id. Replayed
 * events the lists already hold change nothing (applyTruckEvent). The browser resumes a dropped
 * public stream with Last-Event-ID by itself; a signed-in stream's ticket opens it once only, so we
 * reconnect it ourselves with a new ticket from `position`. `reset` (the server cannot replay what
 * we lack) closes the stream and makes the lists refetch; their answers open it again.
 */

export const EVENTS_URL = '/api/events';
export const TICKET_URL = '/api/events/ticket';

/** A truck change, or `reset`: refetch everything (the server could not replay what we missed). */
export type TruckStreamMessage = TruckEvent | { type: 'reset' };
export type TruckEventsConnection = 'connecting' | 'open' | 'closed';

export type TruckStreamListener = (message: TruckStreamMessage) => void;

/**
 * The stream's frames about one viewer rather than a truck (issue 31): `going` (an operator's
 * truck's "I'm going" counts changed; never replayed), `notice` (a stop the diner said they are
 * going to closed, moved or was cancelled; a reopened stream sends the last minutes' again, and
 * each notice id is passed on once) and `order` (an order of the viewer's, or of an operator's
 * truck, changed: its truck; never replayed).
 */
export type StreamSignal = { type: 'going'; truckId: number } | { type: 'notice'; notice: GoingNotice } | { type: 'order'; truckId: number };
export type StreamSignalListener = (signal: StreamSignal) => void;

/** A structural check of a `notice` frame's data (zod stays off the diners' screen, as above). */
function isGoingNotice(raw: unknown): raw is GoingNotice {
  if (typeof raw !== 'object' || raw === null) return false;
  const { id, truckId, kind, message } = raw as Partial<Record<keyof GoingNotice, unknown>>;
  return Number.isInteger(id) && Number.isInteger(truckId) && typeof kind === 'string' && typeof message === 'string';
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

/** The app's one connection to the truck event stream (see the top of this file). */
export interface TruckStream {
  /** The connection's state: 'open' means changes arrive live (polling may pause). */
  getState(): TruckEventsConnection;
  /** Calls `onChange` whenever the state changes; returns the unsubscribe function. */
  subscribeState(onChange: () => void): () => void;
  /** Hands every message to `listener` and keeps the stream open until the returned function is called. */
  listen(listener: TruckStreamListener): () => void;
  /** Hands every viewer signal (issue 31) to `listener` and keeps the stream open until the returned function is called. */
  listenSignals(listener: StreamSignalListener): () => void;
  /**
   * A list answered holding every truck event up to `eventId` (its Truck-Event-Id), and is in the
   * cache: the stream opens from it, or again from it if it has gone further.
   */
  listAnswered(eventId: number): void;
  /** After sign-in or sign-out: the lists refetch as the new viewer, and their answers reopen the stream. */
  syncViewer(): void;
  /**
   * Opens the stream before anyone listens, for up to `ms` (a server-rendered page, from its first
   * script: ADR 0168). What arrives meanwhile is kept and handed to every listener that comes in the
   * same task as the first one, which then keeps the stream open; with no listener by then, the
   * stream closes and the next listener gets what was kept.
   */
  hold(ms: number): void;
}

/** At most this many changes are kept for the first listener; past it, the listener is asked to refetch instead. */
const MAX_HELD = 200;

/**
 * A new TruckStream, closed until its first listener and its first list. Its state lives in this
 * closure (not in module variables): TruckStreamProvider makes the app's one, tests make their own.
 */
export function createTruckStream(): TruckStream {
  const listeners = new Set<TruckStreamListener>();
  const signalListeners = new Set<StreamSignalListener>();
  const stateListeners = new Set<() => void>();
  let source: EventSource | null = null;
  let refs = 0;
  let state: TruckEventsConnection = 'closed';
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let reopenDelay = 3000;
  /** The token the stream was opened with: an operator's stream carries only their own trucks. */
  let openedWith: string | null = getToken();
  /**
   * Every cached list holds every truck event up to this id (null: no list has answered yet, so
   * the stream waits). It stays while no one listens: lists cached meanwhile get the replay.
   */
  let position: number | null = null;
  /** The going notices already passed on (their ids). */
  const noticesTold = new Set<number>();
  /** Cancels a connect still waiting for its ticket when the stream is closed or reopened meanwhile. */
  let generation = 0;
  /** What arrived with no one listening, while the stream was held open (`hold`); null when not kept. */
  let held: TruckStreamMessage[] | null = null;
  /** Releases the hold's reference on the stream (null: not held). */
  let holdRelease: (() => void) | null = null;
  /** The hand-over of `held` to this task's listeners, once the first one has come. */
  let handover: ReturnType<typeof setTimeout> | null = null;

  function releaseHold() {
    const release = holdRelease;
    holdRelease = null;
    release?.();
  }

  function setState(next: TruckEventsConnection) {
    if (next === state) return;
    state = next;
    for (const l of stateListeners) l();
  }

  function emit(message: TruckStreamMessage) {
    if (listeners.size === 0 && held) {
      if (held.length < MAX_HELD) held.push(message);
      else held = [{ type: 'reset' }]; // past the cap, one reset stands for it all: the lists refetch
    }
    for (const l of [...listeners]) l(message);
  }

  const streamUrl = (query: string) => `${EVENTS_URL}?${query}${query ? '&' : ''}lastEventId=${position ?? 0}`;

  function open() {
    if (typeof EventSource === 'undefined' || position === null) return;
    const gen = ++generation;
    openedWith = getToken();
    if (!openedWith) {
      connect(streamUrl(''), false);
      return;
    }
    setState('connecting');
    void signedInStreamUrl().then((url) => {
      if (gen === generation && refs > 0 && !source) connect(url ?? streamUrl(''), url !== null);
    });
  }

  /**
   * EventSource cannot send an Authorization header, and a session token does not belong in a URL:
   * the signed-in viewer trades it for a stream-only ticket (an operator's stream carries only their
   * own trucks). If that fails (null) the public stream still carries every visible change.
   */
  async function signedInStreamUrl(): Promise<string | null> {
    try {
      const { ticket } = await apiJson<EventStreamTicket>('POST', TICKET_URL);
      return streamUrl(`ticket=${encodeURIComponent(ticket)}`);
    } catch {
      return null;
    }
  }

  function connect(url: string, signedIn: boolean) {
    const es = new EventSource(url, { withCredentials: true });
    source = es;
    setState('connecting');
    es.addEventListener('open', () => {
      if (source !== es) return;
      reopenDelay = 3000;
      setState('open');
    });
    /** A frame of this stream (not a closed one's) with JSON data: `handle` gets it parsed; other data is dropped. */
    const onJson = (handle: (raw: unknown, e: MessageEvent<string>) => void) => (e: MessageEvent<string>) => {
      if (source !== es) return;
      let raw: unknown;
      try {
        raw = JSON.parse(e.data);
      } catch {
        return;
      }
      handle(raw, e);
    };
    es.addEventListener(
      'truck',
      onJson((raw, e) => {
        const id = Number(e.lastEventId);
        if (e.lastEventId && Number.isSafeInteger(id)) position = Math.max(position ?? 0, id);
        // Hand on the wire object (ISO strings), as the REST lists hold it.
        if (isTruckEvent(raw)) emit(raw);
      }),
    );
    const onSignal = (parse: (raw: unknown) => StreamSignal | null) =>
      onJson((raw) => {
        const signal = parse(raw);
        if (signal) for (const l of [...signalListeners]) l(signal);
      });
    es.addEventListener(
      'going',
      onSignal((raw) => {
        const truckId = (raw as { truckId?: unknown } | null)?.truckId;
        return typeof truckId === 'number' && Number.isInteger(truckId) ? { type: 'going', truckId } : null;
      }),
    );
    es.addEventListener(
      'notice',
      // A reopened stream sends the last minutes' notices again: each is told once.
      onSignal((raw) => {
        if (!isGoingNotice(raw) || noticesTold.has(raw.id)) return null;
        noticesTold.add(raw.id);
        return { type: 'notice', notice: raw };
      }),
    );
    es.addEventListener(
      'order',
      onSignal((raw) => {
        const truckId = (raw as { order?: { foodTruckId?: unknown } | null } | null)?.order?.foodTruckId;
        return typeof truckId === 'number' && Number.isInteger(truckId) ? { type: 'order', truckId } : null;
      }),
    );
    es.addEventListener('reset', () => {
      if (source !== es) return;
      // What we lack cannot be replayed: the lists refetch, and their answers open the stream again.
      close();
      position = null;
      emit({ type: 'reset' });
    });
    es.addEventListener('error', () => {
      if (source !== es) return;
      // The browser gave up (e.g. a 5xx or a wrong content type), or a signed-in stream dropped: its
      // ticket is used up, so the browser's own retry would only be refused. Reconnect ourselves.
      if (es.readyState === EventSource.CLOSED || signedIn) {
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

  /** Closes the connection (and any pending reopen or ticket); `position` stays. */
  function close() {
    generation += 1;
    source?.close();
    source = null;
    if (reopenTimer) clearTimeout(reopenTimer);
    reopenTimer = null;
    setState('closed');
  }

  function acquire(): () => void {
    refs += 1;
    if (refs === 1 && !source && !reopenTimer) open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      refs -= 1;
      if (refs === 0) close();
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
      if (held) {
        // Every listener of this task (one commit's effects) gets them, and the hold then ends:
        // later listeners find the cache already up to date.
        handover ??= setTimeout(() => {
          held = null;
          handover = null;
          releaseHold();
        }, 0);
        for (const message of held) listener(message);
      }
      return () => {
        listeners.delete(listener);
        release();
      };
    },
    listenSignals(listener) {
      signalListeners.add(listener);
      const release = acquire();
      return () => {
        signalListeners.delete(listener);
        release();
      };
    },
    listAnswered(eventId) {
      if (!Number.isSafeInteger(eventId) || eventId < 0) return;
      if (position !== null && eventId >= position) return;
      position = eventId;
      // First list, or one behind the stream: (re)open from it, so it gets every later event.
      if (refs > 0) {
        close();
        open();
      }
    },
    hold(ms) {
      if (held) return;
      held = [];
      const release = acquire();
      // No listener in time: the stream closes, and what was kept waits for the next listener.
      const timer = setTimeout(releaseHold, ms);
      holdRelease = () => {
        clearTimeout(timer);
        release();
      };
    },
    syncViewer() {
      if (refs === 0 || getToken() === openedWith) return;
      // Another viewer: the lists refetch as that viewer, and their answers open its stream.
      close();
      position = null;
      emit({ type: 'reset' });
    },
  };
}
