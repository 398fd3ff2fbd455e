/** Business constants of spec section 9 and the decisions in DESIGN.md. Imported by server and client. */

export const PRODUCT_NAME = 'Food Truck Finder';

export const ROLES = ['customer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const REGISTERABLE_ROLES = ['customer', 'operator'] as const;

export const CUISINES = [
  'Mexican',
  'American',
  'Italian',
  'Asian',
  'BBQ',
  'Southern',
  'Seafood',
  'Vegetarian',
  'Desserts',
  'Coffee',
  'Mediterranean',
  'Indian',
  'Fusion',
  'Other',
] as const;
export type Cuisine = (typeof CUISINES)[number];

export const MENU_CATEGORIES = ['Appetizers', 'Main Dishes', 'Sides', 'Desserts', 'Beverages', 'Specials'] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

/** `incomplete`: created, first payment not made yet (the pending state of /subscribe). */
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_PRICE_CENTS = 2999;
export const SUBSCRIPTION_CURRENCY = 'usd';

export const DEFAULT_SMS_MESSAGE = "🚚 We're now open for business! Come grab some delicious food!";
/** Said wherever a customer opts in to texts (signup, the favourites switch) and in every opening text. */
export const SMS_OPT_OUT_TEXT = 'Reply STOP to opt out.';

export const FREE_VOICE_USES = 3;
export const MOBILE_BREAKPOINT_PX = 768;

const MB = 1024 * 1024;
export const LIMITS = {
  galleryPhotos: 10,
  menuDocuments: 5,
  bannerBytes: 50 * MB,
  galleryBytes: 50 * MB,
  menuDocumentBytes: 10 * MB,
  uploaderDefaultBytes: 10 * MB,
  phoneMinLength: 10,
  menuItemMinPrice: 0.01,
} as const;

/** Default radius of the diners' list and map (the spec's heading: 'within 20 miles'). */
export const DEFAULT_RADIUS_MILES = 20;
/** Nearby-alert radius (spec section 9). */
export const NEARBY_ALERT_RADIUS_KM = 2;

export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  voiceFreeUses: 'voiceAssistantFreeUses',
  /** The id (on the server) of this browser's push subscription: "This device" in the list. */
  pushDeviceId: 'pushDeviceId',
  /** '0' when the operator turned the new-order sound off (issue 30). */
  orderSound: 'orderSound',
} as const;

/** Weekdays as ISO numbers: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** 'Tue' for ISO weekday 2. */
export const weekdayShort = (weekday: number): string => WEEKDAYS[weekday - 1]?.slice(0, 3) ?? '';

/** The kinds of truck change GET /api/events reports. */
export const TRUCK_EVENT_TYPES = ['opened', 'closed', 'moved', 'updated', 'removed', 'rated'] as const;

/**
 * The header on every answer a screen keeps live from GET /api/events (the truck lists, a truck,
 * favourites, an operator's trucks; 304s too): the id of the last truck event the answer includes
 * (0: none yet). The screen's first event stream opens from the smallest of its lists' ids
 * (`?lastEventId=`), so a change made between the list and the stream is replayed, never lost
 * (ADR 0139).
 */
export const TRUCK_EVENT_ID_HEADER = 'truck-event-id';

/**
 * How often the operator dashboard says "still here" for each open truck it shows
 * (POST /api/food-trucks/:id/heartbeat, ADR 0100): far inside AUTO_CLOSE_HOURS, rare enough that
 * each beat (an `updated` truck event) costs little.
 */
export const HEARTBEAT_INTERVAL_MS = 5 * 60_000;
/** A heartbeat's 409s: the truck was closed (somewhere else, or by the server), or this device is not at it. */
export const HEARTBEAT_CLOSED = 'This truck is closed. Open it to share where it is.';
export const HEARTBEAT_ELSEWHERE =
  "This device is not where diners see the truck. Update the truck's location, or confirm it is still there.";

/** Limits of a voice question (the server answers 413 beyond them). */
export const VOICE_LIMITS = {
  /** Longer recordings are refused (413) before recognition (issue 32); the client stops recording here. */
  maxSeconds: 15,
  maxAudioBytes: 4 * 1024 * 1024,
  maxTextLength: 300,
} as const;

/**
 * An unclaimed listing's provenance (issue 26), carried on the truck so cards, popups, the public
 * page and the public API say where it came from: "Unclaimed · from SF open data, updated 12 Nov".
 */
export interface TruckListingInfo {
  /** The source as diners read it: 'SF open data'. */
  sourceName: string;
  /** The data's licence, e.g. 'ODC Public Domain Dedication and License (PDDL)'. */
  licence: string;
  /** When the source last changed the row (ISO date-time), or the import time when it does not say. */
  sourceUpdatedAt: string;
}

/** The built-in import formats (issue 26): picked by the admin, or detected from the header. */
export const IMPORT_PRESETS = ['sf-permits', 'sf-schedule', 'custom'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];
export const IMPORT_FORMATS = ['csv', 'json', 'geojson'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** What a mapping can name: the field and the column of the file that holds it. */
export const IMPORT_FIELDS = [
  'sourceId',
  'name',
  'latitude',
  'longitude',
  'address',
  'foodItems',
  'daysHours',
  'status',
  'expiry',
  'phone',
  'facilityType',
  'dayOfWeek',
  'start24',
  'end24',
  'updatedAt',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** The largest import file the server takes (413 beyond it). */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** The diners' filter that hides unclaimed listings, kept in the /find-trucks URL. */
export const HIDE_LISTINGS_PARAM = 'listings';
/** The diners' search text, kept in the /find-trucks URL (ADR 0182): `?q=tacos`. */
export const SEARCH_PARAM = 'q';
/** The longest search GET /api/food-trucks/search takes (its box takes no more). */
export const SEARCH_MAX_LENGTH = 100;

/** The codes texted to an account (a password reset, ADR 0187; a new number, ADR 0188) and their limits. */
export const TEXTED_CODE_LENGTH = 6;
export const TEXTED_CODE_TTL_MINUTES = 15;
/** Wrong codes a texted code takes before it stops working (a new code starts again). */
export const TEXTED_CODE_MAX_ATTEMPTS = 5;

/** Claiming a listing (issue 26, ADR 0158): the texted code and its limits. */
export const CLAIM_CODE_LENGTH = 6;
/** A texted code works this long; the claim expires with it. */
export const CLAIM_CODE_TTL_MINUTES = 15;
/** Wrong codes a texted code takes before it stops working (a new code starts again). */
export const CLAIM_MAX_CODE_ATTEMPTS = 5;
/** Codes one claim may text (the first and its resends); then an admin decides. */
export const CLAIM_MAX_CODES = 3;
/** Seconds between two codes of one claim. */
export const CLAIM_RESEND_COOLDOWN_SECONDS = 60;
/** A claim waiting for an admin expires after this many days. */
export const CLAIM_ADMIN_REVIEW_DAYS = 30;
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_METHODS = ['sms', 'admin'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];
