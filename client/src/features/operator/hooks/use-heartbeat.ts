import type { FoodTruck, HeartbeatInput } from '@shared/contracts';
import { HEARTBEAT_CLOSED, HEARTBEAT_INTERVAL_MS } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { getCurrentPosition } from '@client/lib/geolocation';
import { invalidateTruckCaches } from '@client/lib/query-keys';
import { sendHeartbeat } from '../api/truck-heartbeat';
import { useLocationPermission } from './use-location-permission';

/**
 * What keeps an open truck open while its dashboard shows it (ADR 0100, issue 24): every
 * HEARTBEAT_INTERVAL_MS (at once, too, when its last update is older than that) the device's own
 * position — only where location is already allowed, so it never prompts — which the server accepts
 * only at the truck's spot. A dashboard left open elsewhere, or without location, vouches for
 * nothing: the truck is auto-closed as if the page were shut, unless the operator taps "Still here"
 * (`confirm`). Nothing diners see changes. A 409 for a closed truck re-reads the truck lists; one
 * for a device elsewhere does not.
 */
export function useHeartbeat(truck: Pick<FoodTruck, 'id' | 'isOpen' | 'lastUpdated'>) {
  const queryClient = useQueryClient();
  const permission = useLocationPermission();
  const lastUpdated = useRef(truck.lastUpdated);
  lastUpdated.current = truck.lastUpdated;
  const { id, isOpen } = truck;

  // Only a truck closed meanwhile changes the lists; a device away from its truck changes nothing
  // (an operator at home with seven trucks open re-read every truck list seven times each beat).
  const onClosed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 409 && errorMessage(error, '') === HEARTBEAT_CLOSED) void invalidateTruckCaches(queryClient);
    },
    [queryClient],
  );

  useEffect(() => {
    if (!isOpen || permission !== 'granted') return;
    const beat = () => {
      getCurrentPosition('operator')
        .then(({ latitude, longitude }) => sendHeartbeat(id, { latitude, longitude }))
        .catch(onClosed);
    };
    if (Date.now() - new Date(lastUpdated.current).getTime() >= HEARTBEAT_INTERVAL_MS) beat();
    const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [id, isOpen, permission, onClosed]);

  const confirm = useMutation({
    mutationFn: () => sendHeartbeat(id, { confirmed: true } satisfies HeartbeatInput),
    onError: onClosed,
  });
  return confirm;
}
