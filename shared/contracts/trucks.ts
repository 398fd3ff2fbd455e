import { z } from 'zod';
import { CUISINES, LIMITS, SEARCH_MAX_LENGTH } from '../constants';
import { optionalPhoneField } from './auth';
import { DECIMAL_TEXT, decimal, isoDate, optionalText, rowId, text } from './common';
import { accessNoteField, itemLabelsSchema, truckFeaturesSchema } from './attributes';
import { TRUCK_FILTER_IDS, unknownFilterIds } from '../utils/attributes';

/**
 * A stored file reference: `/objects/{id}` served by our object store. Older clients may also send a
 * data URL, which the server checks and turns into an object before storing (never the bytes).
 */
export const mediaRef = text()
  .trim()
  .min(1)
  .max(80 * 1024 * 1024);

/**
 * The body limit of the routes that still take data URLs (truck and menu item create/update);
 * every other route keeps the app's 1 MB default.
 */
export const DATA_URL_BODY_LIMIT = 80 * 1024 * 1024;

/**
 * Coordinates are kept to 7 decimals (about 1 cm): finer digits mean nothing on a map, and values
 * like 1e-320 (subnormal doubles) would make PostgreSQL's float functions underflow.
 */
const toCentimetres = (v: number) => Math.round(v * 1e7) / 1e7 || 0;
/** A coordinate's range, kept to 7 decimals. */
const inRange = (name: string, limit: 90 | 180) => {
  const range = `${name} must be between -${limit} and ${limit}`;
  return z.number().min(-limit, range).max(limit, range).transform(toCentimetres);
};
/** `from`: JSON numbers in bodies, decimal text in query strings. */
const coordinate = (from: 'json' | 'query', name: string, limit: 90 | 180) => {
  const error = `${name} must be a number`;
  return (from === 'json' ? z.number({ error }) : decimal(error)).pipe(inRange(name, limit));
};

export const latitude = coordinate('json', 'Latitude', 90);
export const longitude = coordinate('json', 'Longitude', 180);

/**
 * Exactly 0, 0 ("Null Island", open sea off West Africa) is what an empty form or a device with no
 * fix sends, never where a food truck stands: refused on both fields (issue 24).
 */
export const NULL_ISLAND_MESSAGE = 'A truck at exactly 0, 0 is in the open sea: enter where the truck really is';
export function notNullIsland(p: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx): void {
  if (p.latitude !== 0 || p.longitude !== 0) return;
  for (const path of ['latitude', 'longitude']) ctx.addIssue({ code: 'custom', message: NULL_ISLAND_MESSAGE, path: [path] });
}

/**
 * A coordinate typed into a form (the Update Location dialog): text, required and numeric — an empty
 * or non-numeric field is refused with its own message, never read as 0 — then the contract's number.
 */
const typedCoordinate = (name: string, limit: 90 | 180) =>
  z
    .string()
    .transform((v) => v.trim())
    .pipe(
      z.preprocess(
        (v) => (v === '' ? undefined : typeof v === 'string' && DECIMAL_TEXT.test(v) ? Number(v) : v),
        z.number({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a number`) }),
      ),
    )
    .pipe(inRange(name, limit));

/** Customers' ratings of a truck: the average to one decimal and how many; null before the first. */
export const truckRatingSchema = z.object({ average: z.number(), count: z.number().int() });
export type TruckRating = z.infer<typeof truckRatingSchema>;

/**
 * Where an unclaimed listing came from (issue 26): the source as diners read it, its licence and
 * when the source last changed it. Null on operators' trucks.
 */
export const truckListingInfoSchema = z.object({
  sourceName: z.string(),
  licence: z.string(),
  sourceUpdatedAt: z.string(),
});

/** A truck as the API returns it. `distanceMiles` only when the caller gave a position. */
export const foodTruckSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  cuisine: z.string(),
  /** Null for an unclaimed listing imported from a city's open data (then `listing` says whence). */
  operatorId: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: z.string().nullable(),
  isOpen: z.boolean(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  gallery: z.array(z.string()),
  menuDocuments: z.array(z.string()),
  smsMessage: z.string(),
  lastUpdated: isoDate,
  rating: truckRatingSchema.nullable(),
  /** Set on unclaimed listings only. Optional: events stored before it existed lack it. */
  listing: truckListingInfoSchema.nullable().optional(),
  /**
   * Payment, access and amenities (issue 28): true = yes, false = no, left out = not stated.
   * Optional like the fields above: events stored before it existed lack it.
   */
  features: truckFeaturesSchema.optional(),
  /** A short note beside the access features; null when none. */
  accessNote: z.string().nullable().optional(),
  /**
   * The distinct diet and allergen labels of the truck's available menu items: what the filters
   * ("vegan options", "no peanuts") and a customer's dietary needs are matched against.
   */
  menuLabels: z.array(itemLabelsSchema).optional(),
  // Before distanceMiles: the diners' index appends that last to each truck's ready-made JSON.
  distanceMiles: z.number().optional(),
  /**
   * When the server closed the truck because its position went stale (AUTO_CLOSE_HOURS without an
   * update); null once it opens again. Optional: events stored before it existed lack it.
   */
  autoClosedAt: isoDate.nullable().optional(),
});
/** The wire shape (timestamps as ISO strings), as clients see it. */
export type FoodTruck = z.input<typeof foodTruckSchema>;

/**
 * A truck in the diners' list and on their map (`view=summary`): what a card, a marker, a popup's
 * call link and the search need. The rest (description, photos, menu documents) comes on demand from
 * GET /api/food-trucks/:id when a card is expanded, a popup opened or a menu shown — a tenth of the
 * bytes for a city of trucks (ADR 0120).
 */
export const truckSummarySchema = foodTruckSchema.pick({
  id: true,
  name: true,
  cuisine: true,
  operatorId: true,
  latitude: true,
  longitude: true,
  address: true,
  isOpen: true,
  phone: true,
  image: true,
  lastUpdated: true,
  rating: true,
  listing: true,
  distanceMiles: true,
  features: true,
  menuLabels: true,
});

/** GET /api/food-trucks/search?q=: the ids of the trucks whose text holds `q` (see truckSearchText). */
export const truckSearchQuerySchema = z.object({
  q: text({ error: 'Search text is required' }).trim().min(1, 'Search text is required').max(SEARCH_MAX_LENGTH),
});
/** GET /api/food-trucks/search. */
export const truckSearchResultSchema = z.object({
  /** The trucks that hold the search (every word of a search of several), by id. */
  ids: z.array(z.number().int()),
  /**
   * No truck holds every word of a search of several ("korean bbq"): `ids` are the trucks holding
   * the most of them, what the list offers instead of nothing.
   */
  partial: z.boolean(),
  /**
   * By truck id: the names of the dishes on its menu the search found (at most three), so a card
   * found through its menu says why ("vegan" lists a barbecue truck for its sweet tea).
   */
  dishes: z.record(z.string(), z.array(z.string())),
});
export type TruckSearchResult = z.infer<typeof truckSearchResultSchema>;
export type TruckSummary = z.input<typeof truckSummarySchema>;

/** `full` (the default, every field of the spec's contract) or `summary` (truckSummarySchema). */
export const TRUCK_LIST_VIEWS = ['full', 'summary'] as const;
export type TruckListView = (typeof TRUCK_LIST_VIEWS)[number];

const truckName = text({ error: 'Truck name is required' }).trim().min(1, 'Truck name is required').max(120);
const cuisine = text({ error: 'Cuisine type is required' })
  .trim()
  .min(1, 'Cuisine type is required')
  .refine((v) => (CUISINES as readonly string[]).includes(v), 'Please choose a cuisine from the list');

const truckFields = {
  name: truckName,
  description: optionalText(2000),
  cuisine,
  phone: optionalPhoneField,
  address: optionalText(300),
  image: mediaRef.nullish(),
  gallery: z
    .array(mediaRef)
    .max(LIMITS.galleryPhotos, 'Gallery full: You can upload a maximum of 10 photos.')
    .optional(),
  menuDocuments: z
    .array(mediaRef)
    .max(LIMITS.menuDocuments, 'Menu limit reached: You can upload a maximum of 5 menu items.')
    .optional(),
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  isOpen: z.boolean().optional(),
  /** Ignored unless the caller is an admin: the operator is always the signed-in user. */
  operatorId: rowId.optional(),
  /** The whole set of stated features (replaces the stored one); left out: unchanged. */
  features: truckFeaturesSchema.optional(),
  accessNote: accessNoteField.optional(),
};

export const truckCreateSchema = z.object(truckFields).superRefine(notNullIsland);
export type TruckCreateInput = z.input<typeof truckCreateSchema>;

export const truckUpdateSchema = z.object(truckFields).partial().superRefine(notNullIsland);
export type TruckUpdateInput = z.input<typeof truckUpdateSchema>;

const locationFields = {
  latitude,
  longitude,
  address: optionalText(300),
  isOpen: z.boolean().optional(),
};
export const locationUpdateSchema = z.object(locationFields).superRefine(notNullIsland);
export type LocationUpdateInput = z.input<typeof locationUpdateSchema>;

/**
 * The Update Location dialog's fields as typed (text coordinates): the same contract as the
 * request, so the client's field messages and the server's refusals are one set of rules.
 */
export const locationFormSchema = z
  .object({
    ...locationFields,
    latitude: typedCoordinate('Latitude', 90),
    longitude: typedCoordinate('Longitude', 180),
  })
  .superRefine(notNullIsland);

export const openTruckSchema = z
  .object({
    latitude,
    longitude,
    address: optionalText(300),
  })
  .superRefine(notNullIsland);

/**
 * POST /api/food-trucks/:id/heartbeat (issue 24): what keeps an open truck open — a fresh position
 * from the operator's device (it must be at the truck's position), or the operator's explicit
 * "still here" (`confirmed: true`). An empty heartbeat is refused: an open page alone vouches for nothing.
 */
export const HEARTBEAT_NEEDS = "A heartbeat needs the device's position or the operator's confirmation";
export const heartbeatSchema = z
  .object({ latitude: latitude.optional(), longitude: longitude.optional(), confirmed: z.literal(true).optional() })
  .superRefine((b, ctx) => {
    if ((b.latitude === undefined) !== (b.longitude === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Latitude and longitude must be given together', path: ['latitude'] });
    } else if (b.latitude === undefined && !b.confirmed) {
      ctx.addIssue({ code: 'custom', message: HEARTBEAT_NEEDS, path: [] });
    }
    notNullIsland(b, ctx);
  });
export type HeartbeatInput = z.input<typeof heartbeatSchema>;
export type OpenTruckInput = z.input<typeof openTruckSchema>;

/** A diner's position in a query string: lat and lng together, and an optional radius. */
export const positionQueryFields = {
  lat: coordinate('query', 'lat', 90).optional(),
  lng: coordinate('query', 'lng', 180).optional(),
  radiusMiles: decimal('radiusMiles must be a number')
    .pipe(
      z
        .number()
        .min(0.1, 'radiusMiles must be at least 0.1')
        .max(12_500, 'radiusMiles must be at most 12,500'),
    )
    .optional(),
};
export const latLngTogether: [(q: { lat?: number; lng?: number }) => boolean, { message: string; path: string[] }] = [
  (q) => (q.lat === undefined) === (q.lng === undefined),
  { message: 'lat and lng must be given together', path: ['lat'] },
];

/**
 * `filters=cards,step-free,vegan,no-peanuts`: only trucks matching every one (shared/utils/attributes
 * matchesFilters). Unknown names are refused; the list comes back in canonical order, each once.
 */
export const truckFiltersQueryField = text()
  .max(1000)
  .superRefine((v, ctx) => {
    const unknown = unknownFilterIds(v);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `Unknown filter: ${unknown.join(', ')} (known: ${TRUCK_FILTER_IDS.join(', ')})` });
  })
  .transform((v) => {
    const asked = new Set(v.split(',').map((s) => s.trim()));
    return TRUCK_FILTER_IDS.filter((id) => asked.has(id));
  })
  .describe(`Comma-separated filters, all of which a truck must match: ${TRUCK_FILTER_IDS.join(', ')}`);

/** Query of GET /api/food-trucks/active. */
export const activeTrucksQuerySchema = z
  .object({
    ...positionQueryFields,
    view: z.enum(TRUCK_LIST_VIEWS, { error: "view must be 'full' or 'summary'" }).optional(),
    filters: truckFiltersQueryField.optional(),
  })
  .refine(...latLngTogether);
