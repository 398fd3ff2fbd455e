import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Uploaded files. The bytes live in the object store (DATA_DIR/objects or S3); this row is the
 * upload ticket while `pending` (signed URL, one use, bound to `owner_id`, until `expires_at`) and
 * the object's checked metadata once `ready`. The id is the last path segment of `/objects/{id}`.
 */
export const storedObjects = pgTable(
  'stored_objects',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** What it was uploaded for: decides allowed types and size limit (see uploads/media.ts). */
    purpose: text('purpose').notNull(),
    /** pending → (uploading) → ready. */
    status: text('status').notNull().default('pending'),
    /** The type read from the bytes, never the one the client claimed. */
    contentType: text('content_type'),
    size: integer('size'),
    width: integer('width'),
    height: integer('height'),
    /** Names of the resized variants stored beside the object (card, banner, thumb). */
    variants: jsonb('variants').$type<string[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  },
  (t) => [
    index('stored_objects_owner_idx').on(t.ownerId),
    check('stored_objects_status_check', sql`${t.status} in ('pending', 'uploading', 'ready')`),
    check(
      'stored_objects_purpose_check',
      sql`${t.purpose} in ('image', 'truck-image', 'banner', 'gallery', 'menu-document', 'menu-item-image')`,
    ),
    check(
      'stored_objects_content_type_check',
      sql`${t.contentType} is null or ${t.contentType} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`,
    ),
  ],
);
