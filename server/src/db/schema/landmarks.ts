import { sql } from 'drizzle-orm';
import { check, doublePrecision, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Places people name that are not a truck's address or a stop ("is there food near the capitol"):
 * a city's landmarks, as data (ADR 0161). The offline geocoder and the voice assistant read them
 * beside the trucks' addresses and stops; the demo data seeds the demo city's (Austin). `aliases`
 * are other names for the same place ("Zilker" for "Zilker Park"); `name` is what answers say.
 */
export const landmarks = pgTable(
  'landmarks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('landmarks_name_unique').on(sql`lower(${t.name})`),
    check('landmarks_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('landmarks_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);
