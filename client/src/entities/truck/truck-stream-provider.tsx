import { createContext, useContext, useState, type ReactNode } from 'react';
import { createTruckStream, type TruckStream } from './truck-stream';

const TruckStreamContext = createContext<TruckStream | null>(null);

/**
 * Provides the app's one TruckStream (client/src/app/app.tsx mounts it at the root; tests may pass
 * their own). Every truck-event hook reads it from here.
 */
export function TruckStreamProvider({ stream, children }: { stream?: TruckStream; children: ReactNode }) {
  const [own] = useState(() => stream ?? createTruckStream());
  return <TruckStreamContext.Provider value={stream ?? own}>{children}</TruckStreamContext.Provider>;
}

/** The app's TruckStream; a component outside TruckStreamProvider is a wiring mistake. */
export function useTruckStream(): TruckStream {
  const stream = useContext(TruckStreamContext);
  if (!stream) throw new Error('useTruckStream: mount <TruckStreamProvider> above this component (client/src/app/app.tsx)');
  return stream;
}
