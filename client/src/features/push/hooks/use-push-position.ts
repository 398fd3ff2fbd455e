import { STORAGE_KEYS } from '@shared/constants';
import { haversineKm } from '@shared/utils/geo';
import { useEffect } from 'react';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { watchPosition, type Coordinates } from '@client/lib/geolocation';
import { storage } from '@client/lib/storage';
import { storedPushDeviceId } from '../browser-push';

/** The device tells the server where it is again after moving this far, or after this long. */
const MOVED_KM = 0.5;
const EVERY_MS = 10 * 60_000;

/**
 * While the app is open on a device with push alerts on, keeps the server's idea of where the
 * device is current: the opening alert goes to devices within 2 km of the truck (ADR 0160).
 */
export function usePushPosition(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || storedPushDeviceId() === null) return;
    let last: { at: Coordinates; time: number } | null = null;
    let sending = false;
    return watchPosition('alerts', (at) => {
      const id = storedPushDeviceId();
      if (id === null || sending) return;
      if (last && haversineKm({ lat: last.at.latitude, lng: last.at.longitude }, { lat: at.latitude, lng: at.longitude }) < MOVED_KM && Date.now() - last.time < EVERY_MS) {
        return;
      }
      sending = true;
      apiRequest('PUT', `/api/push/subscriptions/${id}/position`, at)
        .then(() => {
          last = { at, time: Date.now() };
        })
        .catch((error: unknown) => {
          // The device was removed (here or elsewhere): forget it.
          if (error instanceof ApiError && error.status === 404) storage.remove(STORAGE_KEYS.pushDeviceId);
        })
        .finally(() => {
          sending = false;
        });
    });
  }, [enabled]);
}
