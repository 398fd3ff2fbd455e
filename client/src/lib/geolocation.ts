/**
 * The one way the client asks for the device position (spec sections 8 and 9): the option set of
 * each use, one promise-returning call, and the spec's texts for every failure.
 */

/** Spec section 9, one option set per use. */
export const GEOLOCATION_OPTIONS = {
  /** The diners' map: low accuracy, 15 s time-out, a position up to 1 minute old. */
  map: { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
  /** Operators opening a truck or locating it: high accuracy, 10 s time-out, cache up to 60 s. */
  operator: { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
  /** Nearby alerts for favourites: high accuracy, 10 s time-out, a position up to 5 minutes old. */
  alerts: { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 },
} as const satisfies Record<string, PositionOptions>;

export type GeolocationPurpose = keyof typeof GEOLOCATION_OPTIONS;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Spec section 8, location alerts (the diners' screens show them inline, see docs/decisions/0040). */
export const LOCATION_ALERTS = {
  insecure:
    'Location access requires a secure connection (HTTPS). Please open this site over HTTPS to see trucks near you.',
  unsupported: 'Geolocation is not supported by your browser.',
  denied:
    'Location access was denied. To see trucks near you, allow location for this site in your browser settings (the icon next to the address bar), then reload the page.',
  unavailable: 'Location information is unavailable. Please check your device location settings.',
  timeout: 'Location request timed out. Please try again.',
  other: 'Unable to get your location. Please try again, or try a different browser.',
} as const;

/** Spec section 8, the operators' 'Location Error' toast texts. */
export const OPERATOR_LOCATION_ERRORS = {
  unsupported: 'Your browser does not support geolocation.',
  denied: 'Location access denied. Please enable location permissions.',
  unavailable: 'Location information unavailable.',
  timeout: 'Location request timed out.',
  other: 'Unable to get your location.',
} as const;

/** The browser cannot give a position at all: no geolocation facility, or a page not served over HTTPS. */
export class GeolocationUnsupportedError extends Error {
  constructor(readonly reason: 'unsupported' | 'insecure') {
    super(reason === 'insecure' ? LOCATION_ALERTS.insecure : OPERATOR_LOCATION_ERRORS.unsupported);
    this.name = 'GeolocationUnsupportedError';
  }
}

// GeolocationPositionError codes (the constructor is not available everywhere, e.g. in jsdom).
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** The device position for one use, or a GeolocationPositionError / GeolocationUnsupportedError. */
export function getCurrentPosition(purpose: GeolocationPurpose): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (typeof window !== 'undefined' && window.isSecureContext === false) {
      reject(new GeolocationUnsupportedError('insecure'));
      return;
    }
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new GeolocationUnsupportedError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      reject,
      GEOLOCATION_OPTIONS[purpose],
    );
  });
}

/**
 * The device position for one use, or null when there is none to be had (no support, not a secure
 * page, not allowed, too slow): for uses that go on without one, such as the voice assistant's
 * "nearest" questions.
 */
export function positionOrNull(purpose: GeolocationPurpose): Promise<Coordinates | null> {
  return getCurrentPosition(purpose).catch(() => null);
}

function messageFor<T extends Record<'denied' | 'unavailable' | 'timeout' | 'other', string>>(
  texts: T,
  error: unknown,
): string {
  switch (errorCode(error)) {
    case PERMISSION_DENIED:
      return texts.denied;
    case POSITION_UNAVAILABLE:
      return texts.unavailable;
    case TIMEOUT:
      return texts.timeout;
    default:
      return texts.other;
  }
}

/** The location alert (spec section 8) for a failed request on the diners' screens. */
export function locationAlertMessage(error: unknown): string {
  if (error instanceof GeolocationUnsupportedError) return LOCATION_ALERTS[error.reason];
  return messageFor(LOCATION_ALERTS, error);
}

/** The operators' 'Location Error' toast text for a failed request (spec section 8). */
export function locationErrorMessage(error: unknown): string {
  return messageFor(OPERATOR_LOCATION_ERRORS, error);
}

/**
 * Follows the device position for one use until the returned stop function is called. Errors go
 * to `onError`; nothing happens where the browser has no geolocation (or the page is not secure).
 */
export function watchPosition(
  purpose: GeolocationPurpose,
  onPosition: (coords: Coordinates) => void,
  onError: (error: unknown) => void = () => {},
): () => void {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return () => {};
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return () => {};
  const id = navigator.geolocation.watchPosition(
    (pos) => onPosition({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
    onError,
    GEOLOCATION_OPTIONS[purpose],
  );
  return () => navigator.geolocation.clearWatch(id);
}
