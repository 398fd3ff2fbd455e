import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
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
 * server rendered it, until the page has hydrated; then it follows the stream in a transition
 * (`useStoreAfterHydration`): the stream opens a moment after a page has hydrated, and its readers
 * are whole screens (the diners' map, the operator's dashboard).
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
 */
export function useTruckStreamOpen(enabled = true): boolean {
  const stream = useTruckStream();
  const isOpen = useCallback(() => enabled && stream.getState() === 'open', [stream, enabled]);
  return useStoreAfterHydration(stream.subscribeState, isOpen, false);
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
