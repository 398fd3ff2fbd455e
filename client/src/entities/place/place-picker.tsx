import Crosshair from 'lucide-react/icons/crosshair';
import MapPin from 'lucide-react/icons/map-pin';
import Search from 'lucide-react/icons/search';
import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/api-client';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { MIN_SEARCH_LENGTH, reverseGeocode, useAddressSearch, type GeocodedPlace, type Point } from './place-api';

// Leaflet and its CSS load with the map, only where a place is picked (never on the diners' screens).
const PlaceMap = lazy(() => import('./place-map'));

/** A place as a form holds it: the typed coordinates (text, as typed) and the address text. */
export interface PlaceValue {
  latitude: string;
  longitude: string;
  address: string;
}

export interface PlacePickerProps {
  value: PlaceValue;
  onChange(patch: Partial<PlaceValue>): void;
  errors?: { latitude?: string | undefined; longitude?: string | undefined };
  /** The coordinate fields' labels ("Latitude" / "Stop latitude"). */
  labels: { latitude: string; longitude: string; locate: string; map: string };
  /** The device's position, with the form's own messages on failure (null: it said why). */
  locate(): Promise<Point | null>;
  /** Where the map looks while there is no pin. */
  fallbackCenter?: Point | null | undefined;
  /**
   * The address after the pin moved to `to`, before the lookup answers (the Update Location form
   * drops an old address nobody rewrote; ADR 0134). Default: unchanged.
   */
  addressAfterMove?(to: Point, address: string): string;
}

const coordinate = (text: string, limit: number): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** The typed coordinates as a pin, when both are numbers in range. */
export function pinOf(value: Pick<PlaceValue, 'latitude' | 'longitude'>): Point | null {
  const latitude = coordinate(value.latitude, 90);
  const longitude = coordinate(value.longitude, 180);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

type Status =
  | { kind: 'idle' }
  | { kind: 'looking' }
  | { kind: 'found'; label: string }
  | { kind: 'none' }
  | { kind: 'failed'; message: string };

/**
 * Every place field of the operators' forms (issue 27, ADR 0151): an address search, a map to tap
 * or click (drag the pin to move it; keyboard: pan and put the pin at the centre), the device's
 * position, and the typed coordinates, which stay possible. A pin placed on the map or from the
 * device is looked up, and the address found fills the form's address field unless the operator
 * wrote one of their own there. The address field itself belongs to the form.
 */
export function PlacePicker({ value, onChange, errors = {}, labels, locate, fallbackCenter, addressAfterMove }: PlacePickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [locating, setLocating] = useState(false);
  /** The address this picker last wrote: replaced by the next pick, unlike one the operator typed. */
  const filled = useRef<string | null>(null);
  /** Answers to older picks are dropped. */
  const pickCount = useRef(0);
  const pin = pinOf(value);
  const settled = useDebouncedValue(query, 350);
  const longEnough = query.trim().length >= MIN_SEARCH_LENGTH;
  // A cleared box (a place was chosen) searches nothing, even before the debounced text catches up.
  const search = useAddressSearch(longEnough ? settled : '', pin ?? fallbackCenter ?? null);
  const results = longEnough ? search.data : undefined;
  const searching = longEnough && (settled.trim() !== query.trim() || search.isFetching);

  const latest = useRef({ value, onChange, addressAfterMove });
  latest.current = { value, onChange, addressAfterMove };

  const mayReplace = (address: string) => address.trim() === '' || address === filled.current;

  /** The pin moved (map, drag, device): the coordinates now, the address when the lookup answers. */
  const pick = useCallback(async (point: Point) => {
    const { value: before, onChange: change, addressAfterMove: after } = latest.current;
    const count = ++pickCount.current;
    // An address this picker wrote described the old point; one the operator wrote stays (but see addressAfterMove).
    const address = before.address === filled.current ? '' : after ? after(point, before.address) : before.address;
    change({ latitude: point.latitude.toFixed(6), longitude: point.longitude.toFixed(6), address });
    setStatus({ kind: 'looking' });
    try {
      const place = await reverseGeocode(point);
      if (count !== pickCount.current) return;
      setStatus(place ? { kind: 'found', label: place.label } : { kind: 'none' });
      const current = latest.current.value.address;
      if (place && mayReplace(current)) {
        filled.current = place.label;
        latest.current.onChange({ address: place.label });
      }
    } catch (err) {
      if (count !== pickCount.current) return;
      setStatus({ kind: 'failed', message: errorMessage(err, 'The address could not be looked up.') });
    }
  }, []);

  function choose(place: GeocodedPlace) {
    pickCount.current += 1;
    filled.current = place.label;
    onChange({ latitude: place.latitude.toFixed(6), longitude: place.longitude.toFixed(6), address: place.label });
    setStatus({ kind: 'found', label: place.label });
    setQuery('');
  }

  async function locateDevice() {
    setLocating(true);
    try {
      const point = await locate();
      if (point) await pick({ latitude: Number(point.latitude.toFixed(6)), longitude: Number(point.longitude.toFixed(6)) });
    } finally {
      setLocating(false);
    }
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter picks the first place instead of submitting the form around the picker.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = results?.[0];
    if (first) choose(first);
  }

  const typed = (key: 'latitude' | 'longitude', text: string) => {
    pickCount.current += 1;
    setStatus({ kind: 'idle' });
    onChange({ [key]: text });
  };

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium">Where</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-search`}>Search for an address or a place</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-gray-500" aria-hidden />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-8"
            autoComplete="off"
            placeholder="e.g. Rainey St"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKey}
            aria-describedby={`${id}-search-status`}
          />
        </div>
        <p id={`${id}-search-status`} className="text-xs text-gray-600" aria-live="polite">
          {!longEnough
            ? 'Type a street, a place or a landmark, then choose it.'
            : searching
              ? 'Searching…'
              : search.isError
                ? errorMessage(search.error, 'Address search failed.')
                : results && results.length === 0
                  ? `No places found for “${query.trim()}”. Pick the place on the map instead.`
                  : results
                    ? `${results.length} ${results.length === 1 ? 'place' : 'places'} found.`
                    : ''}
        </p>
        {results && results.length > 0 && (
          <ul className="grid gap-1" aria-label="Places found">
            {results.map((place) => (
              <li key={`${place.label}|${place.latitude}|${place.longitude}`}>
                <Button
                  variant="outline"
                  className="h-auto w-full justify-start py-2 text-left whitespace-normal"
                  onClick={() => choose(place)}
                >
                  <MapPin aria-hidden className="shrink-0" /> <span className="min-w-0 wrap-anywhere">{place.label}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Suspense fallback={<Spinner className="mx-auto h-6 w-6 text-brand-700" label="Loading the map" />}>
        <PlaceMap pin={pin} fallbackCenter={fallbackCenter} onPick={(p) => void pick(p)} label={labels.map} />
      </Suspense>

      <p className="text-sm text-gray-800" aria-live="polite" data-testid="picked-place">
        {status.kind === 'looking' && 'Looking up the address…'}
        {status.kind === 'found' && (
          <>
            Picked: <strong>{status.label}</strong>
          </>
        )}
        {status.kind === 'none' && 'No known address at this point: describe the place in your own words.'}
        {status.kind === 'failed' && status.message}
      </p>

      <Button variant="outline" onClick={() => void locateDevice()} disabled={locating}>
        {locating ? <Spinner label="Getting your location" /> : <Crosshair aria-hidden />} {labels.locate}
      </Button>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={labels.latitude} error={errors.latitude}>
          <Input inputMode="decimal" autoComplete="off" value={value.latitude} onChange={(e) => typed('latitude', e.target.value)} />
        </FormField>
        <FormField label={labels.longitude} error={errors.longitude}>
          <Input inputMode="decimal" autoComplete="off" value={value.longitude} onChange={(e) => typed('longitude', e.target.value)} />
        </FormField>
      </div>
    </fieldset>
  );
}
