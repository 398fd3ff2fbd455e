import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { TRUCK_EVENT_ID_HEADER } from '@shared/constants';
import { observeAnswers } from '@client/lib/api-client';
import { createTruckStream, type TruckStream } from './truck-stream';

const TruckStreamContext = createContext<TruckStream | null>(null);

/**
 * Tells `stream` where to open from with every answer that says which truck events it holds (a
 * live list), once its body is read and before it is cached (ADR 0139). Returns the function that
 * stops. The app's entry starts this before its first requests' answers are read (app-main.tsx);
 * the provider does too, for a stream it was given or made (observing twice changes nothing).
 */
export function followListAnswers(stream: TruckStream): () => void {
  return observeAnswers((res) => {
    const id = res.headers.get(TRUCK_EVENT_ID_HEADER);
    if (id !== null && /^\d+$/.test(id)) stream.listAnswered(Number(id));
  });
}

/**
 * Provides the app's one TruckStream (client/src/app/app.tsx mounts it at the root; tests may pass
 * their own). Every truck-event hook reads it from here.
 */
export function TruckStreamProvider({ stream, children }: { stream?: TruckStream; children: ReactNode }) {
  const [own] = useState(() => stream ?? createTruckStream());
  const current = stream ?? own;
  useEffect(() => followListAnswers(current), [current]);
  return <TruckStreamContext.Provider value={stream ?? own}>{children}</TruckStreamContext.Provider>;
}

/** The app's TruckStream; a component outside TruckStreamProvider is a wiring mistake. */
export function useTruckStream(): TruckStream {
  const stream = useContext(TruckStreamContext);
  if (!stream) throw new Error('useTruckStream: mount <TruckStreamProvider> above this component (client/src/app/app.tsx)');
  return stream;
}
