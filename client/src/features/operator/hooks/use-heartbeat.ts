import type { FoodTruck } from '@shared/contracts';
import { HEARTBEAT_INTERVAL_MS } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '@client/lib/api-client';
import { invalidateTruckCaches } from '@client/lib/query-keys';
import { sendHeartbeat } from '../api/truck-heartbeat';

/**
 * While the dashboard shows an open truck, it tells the server every HEARTBEAT_INTERVAL_MS that the
 * truck is still there (at once, too, when its last update is older than that), so an operator who
 * keeps the dashboard open is not auto-closed after AUTO_CLOSE_HOURS. Nothing for a closed truck.
 * Silent: the new 'Last updated' arrives with the truck's event. A 409 means the truck was closed
 * meanwhile (by the server or another device): the truck lists are read again.
 */
export function useHeartbeat(truck: Pick<FoodTruck, 'id' | 'isOpen' | 'lastUpdated'>): void {
  const queryClient = useQueryClient();
  const lastUpdated = useRef(truck.lastUpdated);
  lastUpdated.current = truck.lastUpdated;
  const { id, isOpen } = truck;

  useEffect(() => {
    if (!isOpen) return;
    const beat = () => {
      sendHeartbeat(id).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 409) void invalidateTruckCaches(queryClient);
      });
    };
    if (Date.now() - new Date(lastUpdated.current).getTime() >= HEARTBEAT_INTERVAL_MS) beat();
    const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [id, isOpen, queryClient]);
}
