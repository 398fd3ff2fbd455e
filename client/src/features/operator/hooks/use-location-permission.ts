import { useEffect, useState } from 'react';

export type LocationPermission = PermissionState | 'unknown';

/** The geolocation permission from the Permissions API, kept current as the user changes it. */
export function useLocationPermission(): LocationPermission {
  const [state, setState] = useState<LocationPermission>('unknown');
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const update = () => {
      if (status && !cancelled) setState(status.state);
    };
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((s) => {
        status = s;
        update();
        s.addEventListener('change', update);
      })
      .catch(() => {
        /* the Permissions API cannot answer: behave as if undecided */
      });
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, []);
  return state;
}
