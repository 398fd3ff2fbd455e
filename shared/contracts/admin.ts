import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../constants';
import { emailField, newPasswordField, phoneField, publicUserSchema, usernameField } from './auth';
import { INT4_MAX, isoDate, optionalText } from './common';

/**
 * The admin panel's API (/api/admin/*, admins only). Lists are pages: `{ items, total, nextCursor }`
 * — newest first, `nextCursor` is passed back as `cursor` for the next page (null on the last one).
 * docs/decisions/0085-admin-panel.md says why they are not plain arrays.
 */

/** GET /api/admin/stats: the four stat cards. */
export const adminStatsSchema = z.object({
  totalCustomers: z.number().int(),
  totalOperators: z.number().int(),
  activeSubscriptions: z.number().int(),
  /** Operators' trucks (unclaimed listings are not anyone's truck). */
  totalTrucks: z.number().int(),
  /** Unclaimed listings imported from open data and not retired (issue 26), shown under the trucks card. */
  unclaimedListings: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 200;

/** A query-string integer (decimal digits only), e.g. limit and cursor. */
const queryInt = (max: number, message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().max(max, message));

/** Query of every admin list: a substring search, the page size and the cursor (an id). */
export const adminListQuerySchema = z.object({
  search: optionalText(100),
  limit: queryInt(ADMIN_MAX_PAGE_SIZE, `Limit must be between 1 and ${ADMIN_MAX_PAGE_SIZE}`).default(
    ADMIN_PAGE_SIZE,
  ),
  cursor: queryInt(INT4_MAX, 'Invalid cursor').optional(),
});
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), nextCursor: z.number().int().nullable() });
export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: number | null;
}

/** An account in the admin tables (never the password hash). */
export const adminUserSchema = publicUserSchema.extend({
  createdAt: isoDate,
  smsOptOut: z.boolean(),
});
/** As the client receives it (dates as ISO strings); the server builds `z.output` values. */
export type AdminUser = z.input<typeof adminUserSchema>;

/** The admin operator list entry (spec section 3): user fields, truckCount, trucks, subscriptionData. */
export const adminOperatorSchema = adminUserSchema.extend({
  truckCount: z.number().int(),
  trucks: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** amount in cents; null when the operator never subscribed. */
  subscriptionData: z.object({ status: z.enum(SUBSCRIPTION_STATUSES), amount: z.number().int() }).nullable(),
});
/** As the client receives it (dates as ISO strings); the server builds `z.output` values. */
export type AdminOperator = z.input<typeof adminOperatorSchema>;

/** A blank password means "unchanged" (spec: password only when non-blank). */
const optionalNewPassword = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  newPasswordField.optional(),
);

/**
 * PATCH /api/admin/customers/:id and /operators/:id: only the fields sent change, with the
 * registration rules (the same field blocks as registerSchema). At least one field.
 */
export const adminUserUpdateSchema = z
  .strictObject({
    username: usernameField,
    email: emailField,
    phone: phoneField.optional(),
    password: optionalNewPassword,
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { message: 'No changes to save' });
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

/** DELETE /api/admin/customers/:id and /operators/:id (spec: deletedUser with username). */
export const adminDeleteResponseSchema = z.object({
  deletedUser: z.object({ id: z.number().int(), username: z.string().nullable() }),
});
export type AdminDeleteResponse = z.infer<typeof adminDeleteResponseSchema>;

/** POST /api/admin/operators/:id/subscription/pause and /resume. */
export const adminSubscriptionResponseSchema = z.object({
  operatorId: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
});
export type AdminSubscriptionResponse = z.infer<typeof adminSubscriptionResponseSchema>;

export const AUDIT_ACTIONS = [
  'update_customer',
  'delete_customer',
  'update_operator',
  'delete_operator',
  'pause_subscription',
  'resume_subscription',
  'approve_claim',
  'reject_claim',
  'refund_order',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/admin/audit-log: `search` matches the admin's name, the action or the target id. */
export const auditLogQuerySchema = adminListQuerySchema.extend({
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  adminUsername: z.string().nullable(),
  action: z.string(),
  targetTable: z.string(),
  targetId: z.number().int().nullable(),
  /** The account the entry is about (a subscription's operator), by name; null when none is known. */
  targetName: z.string().nullable(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
  timestamp: isoDate,
});
/** As the client receives it (dates as ISO strings); the server builds `z.output` values. */
export type AuditEntry = z.input<typeof auditEntrySchema>;

export const SMS_STATUSES = ['pending', 'sent', 'failed'] as const;

/** GET /api/admin/messages (the SMS outbox): `search` matches the recipient or the text. */
export const messagesQuerySchema = adminListQuerySchema.extend({
  status: z.enum(SMS_STATUSES).optional(),
});
export type MessagesQuery = z.input<typeof messagesQuerySchema>;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  toPhone: z.string(),
  body: z.string(),
  status: z.enum(SMS_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  nextAttemptAt: isoDate,
  sentAt: isoDate.nullable(),
});
/** As the client receives it (dates as ISO strings); the server builds `z.output` values. */
export type OutboxMessage = z.input<typeof outboxMessageSchema>;
