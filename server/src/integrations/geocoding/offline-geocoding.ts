import { haversineKm } from '@shared/utils/geo';
import type { GeocodedPlace, GeocodingProvider, KnownPlaces, SearchOptions } from './geocoding';

/** A picked point names the nearest known place within this distance (a block or two), else none. */
export const REVERSE_WITHIN_KM = 0.25;

/** The words of a query or a place, lower-case, without punctuation. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * How well `label` answers `query` (higher is better; 0 = not at all): every query word must start
 * a word of the label ("rain" finds "Rainey St", "ain" does not); the whole query at the start of
 * the label beats a query in the middle, and an exact match beats both.
 */
export function matchScore(query: string, label: string): number {
  const q = wordsOf(query);
  const words = wordsOf(label);
  if (q.length === 0 || !q.every((w) => words.some((l) => l.startsWith(w)))) return 0;
  const joinedQuery = q.join(' ');
  const joinedLabel = words.join(' ');
  if (joinedLabel === joinedQuery) return 3;
  if (joinedLabel.startsWith(joinedQuery)) return 2;
  return 1;
}

const placeKey = (p: GeocodedPlace) => p.label.trim().toLowerCase();
const distance = (p: GeocodedPlace, at: { latitude: number; longitude: number } | undefined) =>
  at ? haversineKm({ lat: at.latitude, lng: at.longitude }, { lat: p.latitude, lng: p.longitude }) : 0;

/**
 * The known places for `query`, best first: by match (exact, then at the start, then anywhere),
 * then nearest to `near`, then the shorter and alphabetically first label. One entry per label
 * (the same stop written on several days is one place).
 */
export function rankPlaces(query: string, places: GeocodedPlace[], options: SearchOptions): GeocodedPlace[] {
  const byLabel = new Map<string, { place: GeocodedPlace; score: number; km: number }>();
  for (const place of places) {
    const score = matchScore(query, place.label);
    if (score === 0) continue;
    const km = distance(place, options.near);
    const seen = byLabel.get(placeKey(place));
    if (!seen || km < seen.km) byLabel.set(placeKey(place), { place, score, km });
  }
  return [...byLabel.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.km - b.km ||
        a.place.label.length - b.place.label.length ||
        a.place.label.localeCompare(b.place.label),
    )
    .slice(0, options.limit)
    .map((r) => r.place);
}

/** The nearest of `places` within `km` of `at` (equal distances: alphabetically first), or null. */
export function nearestPlace(
  places: GeocodedPlace[],
  at: { latitude: number; longitude: number },
  km: number,
): GeocodedPlace | null {
  let best: { place: GeocodedPlace; km: number } | null = null;
  for (const place of places) {
    const d = distance(place, at);
    if (d > km) continue;
    if (!best || d < best.km || (d === best.km && place.label < best.place.label)) best = { place, km: d };
  }
  return best?.place ?? null;
}

/** The built-in provider: nothing leaves the machine; it knows the places operators already wrote. */
export class OfflineGeocoding implements GeocodingProvider {
  readonly name = 'offline';

  async search(query: string, options: SearchOptions, known: KnownPlaces): Promise<GeocodedPlace[]> {
    const words = wordsOf(query);
    if (words.length === 0) return [];
    return rankPlaces(query, await known.matching(words), options);
  }

  async reverse(at: { latitude: number; longitude: number }, known: KnownPlaces): Promise<GeocodedPlace | null> {
    return nearestPlace(await known.near(at, REVERSE_WITHIN_KM), at, REVERSE_WITHIN_KM);
  }
}
