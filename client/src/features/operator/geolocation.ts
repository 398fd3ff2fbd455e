/** Spec section 9: operators opening a truck use high accuracy, a 10 s time-out and a cache up to 60 s. */
export const OPEN_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The browser has no geolocation facility. */
export class GeolocationUnsupportedError extends Error {
  constructor() {
    super('Your browser does not support geolocation.');
    this.name = 'GeolocationUnsupportedError';
  }
}

export const isGeolocationSupported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** The device position, or a GeolocationPositionError / GeolocationUnsupportedError. */
export function getCurrentPosition(options: PositionOptions = OPEN_POSITION_OPTIONS): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!isGeolocationSupported()) {
      reject(new GeolocationUnsupportedError());
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      reject,
      options,
    );
  });
}

// GeolocationPositionError codes (the constructor is not available everywhere, e.g. in jsdom).
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/** The 'Location Error' toast text for a failed position request (spec section 8). */
export function locationErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  switch (code) {
    case PERMISSION_DENIED:
      return 'Location access denied. Please enable location permissions.';
    case POSITION_UNAVAILABLE:
      return 'Location information unavailable.';
    case TIMEOUT:
      return 'Location request timed out.';
    default:
      return 'Unable to get your location.';
  }
}

export const isPermissionDenied = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === PERMISSION_DENIED;
