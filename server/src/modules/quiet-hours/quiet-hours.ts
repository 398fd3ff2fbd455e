import { sql, type SQL } from 'drizzle-orm';
import { notificationPreferences, type users } from '../../db/schema';

/*
 * A customer's quiet hours (issue 29): set on the alert settings screen (push module), obeyed by
 * every channel that queues alerts (push and SMS outboxes). A leaf: it imports no module, so both
 * outboxes can use it without calling each other.
 */

/**
 * True while the customer `userId` is inside their quiet hours (their own zone): nothing is pushed
 * or texted to them then. Quiet hours may span midnight (22:00–07:00).
 */
export function inQuietHours(userId: SQL | typeof users.id): SQL {
  const minute = sql`(extract(hour from now() at time zone np.time_zone) * 60 + extract(minute from now() at time zone np.time_zone))`;
  return sql`exists (select 1 from ${notificationPreferences} np where np.user_id = ${userId}
    and np.quiet_start_minute is not null
    and case when np.quiet_start_minute < np.quiet_end_minute
      then ${minute} >= np.quiet_start_minute and ${minute} < np.quiet_end_minute
      else ${minute} >= np.quiet_start_minute or ${minute} < np.quiet_end_minute end)`;
}

