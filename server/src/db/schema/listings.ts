import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClaimMethod, ClaimStatus, ImportField, ImportFormat, ImportPreset } from '@shared/constants';
import { foodTrucks } from './trucks';
import { users } from './users';

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * An administrator's import of a city's open food-truck data (issue 26, ADR 0156). The uploaded file
 * waits under DATA_DIR/imports/<id> while `queued`; the data-imports worker stages its rows, then
 * applies them in one transaction (`done`), or records why the file was refused (`failed`) having
 * changed nothing. The counters are the report: rows processed, listings created, updated, retired.
 */
export const dataImports = pgTable(
  'data_imports',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    /** Which source the listings belong to: re-imports of one source update its listings by source id. */
    source: text('source').notNull(),
    sourceName: text('source_name').notNull(),
    licence: text('licence').notNull(),
    timeZone: text('time_zone').notNull(),
    format: text('format').$type<ImportFormat>().notNull(),
    preset: text('preset').$type<ImportPreset>().notNull(),
    mapping: jsonb('mapping').$type<Partial<Record<ImportField, string>>>().notNull(),
    fileName: text('file_name').notNull(),
    fileBytes: integer('file_bytes').notNull().default(0),
    bytesRead: integer('bytes_read').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    retired: integer('retired').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('data_imports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('data_imports_queued_idx').on(t.id).where(sql`${t.status} = 'queued'`),
  ],
);

/** One skipped row of an import: its line in the file (data rows from 1 in JSON) and why. */
export const dataImportSkips = pgTable(
  'data_import_skips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => dataImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('data_import_skips_import_idx').on(t.importId, t.line)],
);

/** A parsed, accepted row waiting for the import's one applying transaction (staged, then swapped). */
export const dataImportRows = pgTable(
  'data_import_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => dataImports.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    line: integer('line').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [uniqueIndex('data_import_rows_source_unique').on(t.importId, t.sourceId)],
);

/**
 * The source record of a truck that came from open data. Stays after the listing is claimed (the
 * truck's history: where it came from, who claimed it when). One truck per source id per source.
 */
export const truckListings = pgTable(
  'truck_listings',
  {
    foodTruckId: integer('food_truck_id')
      .primaryKey()
      .references(() => foodTrucks.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    /** Searchable food words from the source's free text ("hot dogs toppings beverages"). */
    foodWords: text('food_words').notNull().default(''),
    /** The source row's phone, E.164, where the claim code is sent; null = admin approval. */
    phone: text('phone'),
    /** The import that last wrote it. */
    importId: integer('import_id').references(() => dataImports.id, { onDelete: 'set null' }),
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('truck_listings_source_unique').on(t.source, t.sourceId)],
);

export type { ClaimMethod, ClaimStatus };

/**
 * An operator's claim of a listing: by a code texted to the listing's phone (`sms`) or by an admin's
 * decision (`admin`). At most one approved claim per truck (unique index): two operators can never
 * both own one listing; the approving transaction also sets food_trucks.operator_id only while it
 * is still null.
 */
export const truckClaims = pgTable(
  'truck_claims',
  {
    id: serial('id').primaryKey(),
    foodTruckId: integer('food_truck_id')
      .notNull()
      .references(() => foodTrucks.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').$type<ClaimMethod>().notNull(),
    status: text('status').$type<ClaimStatus>().notNull().default('pending'),
    /** SHA-256 of the texted code (sms claims). */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    /** How many codes this claim has texted, and when the last one went (the resend cool-down). */
    codesSent: integer('codes_sent').notNull().default(0),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    /** Why it was rejected (the admin's words) or closed (another claim of the listing was approved). */
    reason: text('reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('truck_claims_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'expired')`),
    check('truck_claims_method_check', sql`${t.method} in ('sms', 'admin')`),
    uniqueIndex('truck_claims_one_owner_unique').on(t.foodTruckId).where(sql`${t.status} = 'approved'`),
    index('truck_claims_pending_idx').on(t.status, t.id),
  ],
);
