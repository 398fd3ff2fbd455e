import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useStoreAfterHydration } from '@client/lib/hydration';
import { useAuth } from '@client/lib/auth';
import type { ApplyOptions } from './apply-truck-event';
import { applyTruckStreamMessage } from './truck-cache';
import type {
  StreamSignal,
  StreamSignalListener,
  TruckEventsConnection,
  TruckStreamListener,
  TruckStreamMessage,
} from './truck-stream';
import { useTruckStream } from './truck-stream-provider';

/** Subscribes to truck changes while the component is mounted; the latest `onEvent` is always called. */
export function useTruckEvents(onEvent: (message: TruckStreamMessage) => void): void {
  const stream = useTruckStream();
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const listener: TruckStreamListener = (m) => latest.current(m);
    return stream.listen(listener);
  }, [stream]);
}

/** Subscribes to the viewer's signals (issue 31: going counts, going notices) while mounted. */
export function useStreamSignals(onSignal: (signal: StreamSignal) => void): void {
  const stream = useTruckStream();
  const latest = useRef(onSignal);
  useEffect(() => {
    latest.current = onSignal;
  });
  useEffect(() => {
    const listener: StreamSignalListener = (s) => latest.current(s);
    return stream.listenSignals(listener);
  }, [stream]);
}

/**
 * The shared stream's state: 'open' means changes arrive live (polling may pause). 'closed', as the
 * server rendered it, until the page has hydrated (useStoreAfterHydration): read at once, it was
 * open by then, and the whole screen rendered again synchronously.
 */
export function useTruckEventsConnection(): TruckEventsConnection {
  const stream = useTruckStream();
  return useStoreAfterHydration<TruckEventsConnection>(stream.subscribeState, stream.getState, 'closed');
}

/**
 * Whether the shared stream is open (changes arrive live), for a part that only needs that: it
 * renders again only when the answer changes, and never while `enabled` is false. Every card's
 * favourite button asks (its favourites poll while the stream is down); a visitor's twenty
 * buttons used to render again each time the stream went from connecting to open (issue 33).
 *
 * The answer sets only how favourites are polled, never what is rendered, so it is state that
 * follows the stream in a transition rather than a store read with `useSyncExternalStore`: React
 * renders a changed store's readers synchronously, and the stream opening just after a page
 * hydrated rendered the favourites list and each card's button again in one long task (issue 33).
 */
export function useTruckStreamOpen(enabled = true): boolean {
  const stream = useTruckStream();
  const isOpen = useCallback(() => enabled && stream.getState() === 'open', [stream, enabled]);
  const [open, setOpen] = useState(isOpen);
  // The answer last asked for: the stream tells of every change of its state, most of which leave it.
  const shown = useRef(open);
  useEffect(() => {
    const follow = () => {
      const next = isOpen();
      if (next === shown.current) return;
      shown.current = next;
      startTransition(() => setOpen(next));
    };
    follow();
    return stream.subscribeState(follow);
  }, [stream, isOpen]);
  return open;
}

/** Keeps every cached truck list live while mounted; returns the connection state. */
export function useLiveTruckCache(options: ApplyOptions = {}): TruckEventsConnection {
  const queryClient = useQueryClient();
  const stream = useTruckStream();
  const userId = useAuth().user?.id;
  useTruckEvents((message) => applyTruckStreamMessage(queryClient, message, options));
  useEffect(() => stream.syncViewer(), [stream, userId]);
  return useTruckEventsConnection();
}
