import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { GeocodingUnavailable, type GeocodedPlace, type GeocodingProvider, type SearchOptions } from './geocoding';

export const GEOCODING_DEFAULTS = {
  /** One call may take this long; then the form says the search is unavailable (GEOCODING_TIMEOUT_MS). */
  timeoutMs: 5000,
  /** Calls start at least this far apart per process: the public Nominatim allows one a second. */
  minIntervalMs: 1000,
  /** Answers are kept this long (addresses rarely move) and at most this many. */
  cacheTtlMs: 24 * 60 * 60 * 1000,
  cacheEntries: 2000,
};

export interface HttpGeocodingConfig {
  /** The server's API: Nominatim's /search and /reverse (jsonv2), or Photon's /api and /reverse (GeoJSON). */
  kind: 'nominatim' | 'photon';
  /** Base URL, e.g. https://nominatim.openstreetmap.org or https://photon.komoot.io (GEOCODING_URL). */
  url: string;
  /** Sent with every call: OSM's usage policy asks for one that names the application and a contact. */
  userAgent: string;
  /** Nominatim's `email` parameter (a contact for heavy use), when set. */
  email?: string | undefined;
  /** Results in these countries only (ISO 3166-1 alpha-2, comma-separated), when set. */
  countryCodes?: string | undefined;
  timeoutMs?: number | undefined;
  minIntervalMs?: number | undefined;
  cacheTtlMs?: number | undefined;
}

const coordinate = z.coerce.number().refine(Number.isFinite);
const nominatimPlace = z.object({ lat: coordinate, lon: coordinate, display_name: z.string().min(1) });
const nominatimSearch = z.array(nominatimPlace);
/** Nominatim answers a point with no address with 200 and `{ error: "Unable to geocode" }`. */
const nominatimReverse = z.union([nominatimPlace, z.object({ error: z.unknown() }).transform(() => null)]);

const photonFeature = z.object({
  geometry: z.object({ coordinates: z.tuple([coordinate, coordinate]).rest(z.unknown()) }),
  properties: z
    .object({
      name: z.string(),
      housenumber: z.string(),
      street: z.string(),
      district: z.string(),
      city: z.string(),
      state: z.string(),
    })
    .partial(),
});
const photonCollection = z.object({ features: z.array(z.unknown()) });

/** Photon's parts as one line: "Rainey Street Station, 90 Rainey Street, Austin, Texas". */
function photonLabel(p: z.infer<typeof photonFeature>['properties']): string {
  const street = p.street ? [p.housenumber, p.street].filter(Boolean).join(' ') : undefined;
  const parts = [p.name, street, p.district, p.city, p.state].filter((s): s is string => Boolean(s?.trim()));
  return parts.filter((s, i) => parts.indexOf(s) === i).join(', ');
}

/** Photon's features as places; a feature it sends without a name or position is left out. */
function photonPlaces(body: unknown): GeocodedPlace[] {
  return photonCollection.parse(body).features.flatMap((f) => {
    const feature = photonFeature.safeParse(f);
    if (!feature.success) return [];
    const [longitude, latitude] = feature.data.geometry.coordinates;
    const label = photonLabel(feature.data.properties);
    return label ? [{ label, latitude, longitude }] : [];
  });
}

const fromNominatim = (p: z.infer<typeof nominatimPlace>): GeocodedPlace => ({
  label: p.display_name,
  latitude: p.lat,
  longitude: p.lon,
});

/** How far around `near` a Nominatim search prefers results (a viewbox, not a bound). */
const VIEWBOX_DEGREES = 0.5;

/**
 * An OpenStreetMap geocoder over HTTP: Nominatim (`kind: 'nominatim'`) or Photon (`'photon'`),
 * the public servers or your own. Every call names the app (User-Agent), gives up after
 * `timeoutMs`, waits its turn (`minIntervalMs` apart), and its answer is cached; a failure is a
 * GeocodingUnavailable, which the API turns into a message saying the map and typed coordinates
 * still work.
 */
export class HttpGeocoding implements GeocodingProvider {
  readonly name: 'nominatim' | 'photon';
  private readonly cache: LRUCache<string, GeocodedPlace[]>;
  private readonly timeoutMs: number;
  private readonly minIntervalMs: number;
  /** When the next call may start (ms since the epoch). */
  private nextStart = 0;

  constructor(private readonly config: HttpGeocodingConfig) {
    this.name = config.kind;
    this.timeoutMs = config.timeoutMs ?? GEOCODING_DEFAULTS.timeoutMs;
    this.minIntervalMs = config.minIntervalMs ?? GEOCODING_DEFAULTS.minIntervalMs;
    this.cache = new LRUCache({ max: GEOCODING_DEFAULTS.cacheEntries, ttl: config.cacheTtlMs ?? GEOCODING_DEFAULTS.cacheTtlMs });
  }

  async search(query: string, options: SearchOptions): Promise<GeocodedPlace[]> {
    const { kind } = this.config;
    const params: Record<string, string> =
      kind === 'nominatim'
        ? { q: query, format: 'jsonv2', limit: String(options.limit), ...this.nominatimExtras(options) }
        : { q: query, limit: String(options.limit), ...(options.near ? { lat: String(options.near.latitude), lon: String(options.near.longitude) } : {}) };
    const places = await this.get(kind === 'nominatim' ? 'search' : 'api', params, (body) =>
      kind === 'nominatim' ? nominatimSearch.parse(body).map(fromNominatim) : photonPlaces(body),
    );
    return places.slice(0, options.limit);
  }

  async reverse(at: { latitude: number; longitude: number }): Promise<GeocodedPlace | null> {
    const { kind } = this.config;
    const params: Record<string, string> = { lat: String(at.latitude), lon: String(at.longitude) };
    if (kind === 'nominatim') Object.assign(params, { format: 'jsonv2', zoom: '18' }, this.contact());
    const places = await this.get('reverse', params, (body) => {
      if (kind === 'photon') return photonPlaces(body).slice(0, 1);
      const place = nominatimReverse.parse(body);
      return place ? [fromNominatim(place)] : [];
    });
    return places[0] ?? null;
  }

  private contact(): Record<string, string> {
    return this.config.email ? { email: this.config.email } : {};
  }

  private nominatimExtras(options: SearchOptions): Record<string, string> {
    const extras: Record<string, string> = { ...this.contact() };
    if (this.config.countryCodes) extras.countrycodes = this.config.countryCodes;
    if (options.near) {
      const { latitude: y, longitude: x } = options.near;
      const d = VIEWBOX_DEGREES;
      extras.viewbox = [x - d, y + d, x + d, y - d].join(',');
    }
    return extras;
  }

  /** One GET, answered from the cache when asked before; `read` turns the JSON into places. */
  private async get(path: string, params: Record<string, string>, read: (body: unknown) => GeocodedPlace[]): Promise<GeocodedPlace[]> {
    const base = this.config.url.endsWith('/') ? this.config.url : `${this.config.url}/`;
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const key = url.toString();
    const cached = this.cache.get(key);
    if (cached) return cached;
    await this.waitTurn();
    let body: unknown;
    try {
      const res = await fetch(url, {
        headers: { 'user-agent': this.config.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = await res.json();
    } catch (err) {
      throw new GeocodingUnavailable(`${this.name} did not answer: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    let places: GeocodedPlace[];
    try {
      places = read(body);
    } catch (err) {
      throw new GeocodingUnavailable(`${this.name} answered with something unreadable`, { cause: err });
    }
    this.cache.set(key, places);
    return places;
  }

  /** Keeps calls `minIntervalMs` apart; a caller who would wait longer than a call may take is refused. */
  private async waitTurn(): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    if (start - now > this.timeoutMs) throw new GeocodingUnavailable(`${this.name} is busy: too many searches at once`);
    this.nextStart = start + this.minIntervalMs;
    if (start > now) await sleep(start - now);
  }
}
