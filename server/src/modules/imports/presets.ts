import type { ImportField, ImportPreset } from '@shared/constants';

export type ImportMapping = Partial<Record<ImportField, string>>;

export interface PresetDefinition {
  /** Every mapping column is matched case-insensitively: Socrata's JSON uses lower-case keys. */
  mapping: ImportMapping;
  /** Listings of this preset: the source (re-imports update by source id within it), as diners read it. */
  source: string;
  sourceName: string;
  licence: string;
  timeZone: string;
  /** The columns whose presence identifies the format. */
  signature: readonly string[];
}

const SF = {
  sourceName: 'SF open data',
  licence: 'Open Data Commons PDDL (DataSF)',
  timeZone: 'America/Los_Angeles',
};

/**
 * San Francisco's "Mobile Food Facility Permit" and "Mobile Food Schedule" data sets (DataSF,
 * Socrata), with their columns as published. Both are keyed by `locationid` (one permit at one
 * place), so a truck imported from either is the same listing.
 */
export const PRESETS: Record<Exclude<ImportPreset, 'custom'>, PresetDefinition> = {
  'sf-permits': {
    ...SF,
    source: 'sf-mobile-food',
    mapping: {
      sourceId: 'locationid',
      name: 'Applicant',
      facilityType: 'FacilityType',
      address: 'Address',
      status: 'Status',
      foodItems: 'FoodItems',
      latitude: 'Latitude',
      longitude: 'Longitude',
      daysHours: 'dayshours',
      expiry: 'ExpirationDate',
    },
    signature: ['locationid', 'applicant', 'status', 'fooditems'],
  },
  'sf-schedule': {
    ...SF,
    source: 'sf-mobile-food',
    mapping: {
      sourceId: 'locationid',
      name: 'Applicant',
      dayOfWeek: 'DayOfWeekStr',
      start24: 'start24',
      end24: 'end24',
      address: 'location',
      foodItems: 'optionaltext',
      latitude: 'Latitude',
      longitude: 'Longitude',
    },
    signature: ['dayofweekstr', 'start24', 'end24', 'applicant'],
  },
};

/** The preset whose signature columns the header holds, if any. */
export function detectPreset(columns: readonly string[]): Exclude<ImportPreset, 'custom'> | undefined {
  const lower = new Set(columns.map((c) => c.toLowerCase()));
  for (const [name, preset] of Object.entries(PRESETS) as Array<[Exclude<ImportPreset, 'custom'>, PresetDefinition]>) {
    if (preset.signature.every((column) => lower.has(column))) return name;
  }
  return undefined;
}

/** The fields an import cannot do without. */
export const REQUIRED_FIELDS: readonly ImportField[] = ['sourceId', 'name', 'latitude', 'longitude'];
/** The required fields as the admin's form names them. */
const FIELD_SAID: Partial<Record<ImportField, string>> = { sourceId: 'source id', name: 'name', latitude: 'latitude', longitude: 'longitude' };

/**
 * The mapping with each column spelled as the file spells it, or the message naming what is missing
 * (so a wrong preset or mapping is refused before anything is read).
 */
export function resolveMapping(
  mapping: ImportMapping,
  columns: readonly string[],
): { mapping: ImportMapping } | { message: string } {
  const byLower = new Map(columns.map((c) => [c.toLowerCase(), c]));
  const resolved: ImportMapping = {};
  const missing: string[] = [];
  for (const [field, column] of Object.entries(mapping) as Array<[ImportField, string]>) {
    const actual = byLower.get(column.toLowerCase());
    if (actual !== undefined) resolved[field] = actual;
    else if (REQUIRED_FIELDS.includes(field)) missing.push(column);
  }
  for (const field of REQUIRED_FIELDS) {
    if (!resolved[field] && !mapping[field]) return { message: `Choose the column that holds the ${FIELD_SAID[field] ?? field}` };
  }
  if (missing.length > 0) {
    return { message: `The file has no column named ${missing.map((c) => `"${c}"`).join(', ')}` };
  }
  return { mapping: resolved };
}
