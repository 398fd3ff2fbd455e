import type { ImportField } from '@shared/constants';

/** Column names a city's file commonly gives each field, written as `columnKey` reads them. */
const NAMES: Partial<Record<ImportField, readonly string[]>> = {
  name: ['name', 'truckname', 'truck', 'businessname', 'business', 'vendorname', 'vendor', 'applicant', 'dba', 'title'],
  latitude: ['latitude', 'lat', 'y'],
  longitude: ['longitude', 'lng', 'lon', 'long', 'x'],
  sourceId: ['sourceid', 'id', 'objectid', 'locationid', 'permitid', 'permit', 'permitnumber', 'licenseid', 'license', 'uid', 'uuid'],
  address: ['address', 'streetaddress', 'street', 'location', 'locationdescription', 'addr'],
  foodItems: ['fooditems', 'food', 'menu', 'items', 'cuisine', 'description'],
  daysHours: ['dayshours', 'hours', 'schedule', 'openinghours'],
  status: ['status', 'permitstatus'],
  expiry: ['expiry', 'expiration', 'expirationdate', 'expires', 'expirydate'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel'],
};

/** A column's name as compared: lower-cased, without spaces, underscores or marks ("Truck_Name" → "truckname"). */
const columnKey = (column: string) => column.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The mapping a file's header suggests ("name,address,lat,lng" → name, address, latitude,
 * longitude): for each field, the first of its usual names the file has, each column used once.
 * The admin sees it in the custom mapping's selects and changes what is wrong.
 */
export function guessMapping(columns: readonly string[]): Partial<Record<ImportField, string>> {
  const byKey = new Map(columns.map((c) => [columnKey(c), c] as const));
  const used = new Set<string>();
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const [field, names] of Object.entries(NAMES) as [ImportField, readonly string[]][]) {
    const column = names.map((n) => byKey.get(n)).find((c) => c !== undefined && !used.has(c));
    if (column) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping;
}
