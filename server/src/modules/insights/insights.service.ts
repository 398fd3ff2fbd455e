import { and, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  DEMAND_CELL_METERS,
  DEMAND_MIN_DINERS,
  DEMAND_RADIUS_KM,
  INSIGHT_LABELS,
  INSIGHT_SERIES,
  type DemandGrid,
  type InsightPeriod,
  type InsightSeriesKind,
  type TruckInsights,
} from '@shared/contracts/insights';
import { cellBounds } from '@shared/utils/demand-grid';
import { haversineKm } from '@shared/utils/geo';
import { addDays, wallClock, zonedMoment } from '@shared/utils/zoned-time';
import { selectRows, type DbOrTx } from '../../db/client';
import {
  foodTrucks,
  insightDaily,
  insightEvents,
  pushOutbox,
  smsOutbox,
  truckScheduleStops,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { assertOperatorPath } from '../operator-trucks/operator-trucks.policy';
import { manageableTruck } from '../trucks/truck-access';

/*
 * Operator insights (issue 31, ADR 0164). Days are the truck's local calendar days, in its IANA
 * zone (food_trucks.time_zone, else the server's DEFAULT_TIMEZONE, as its schedule): an evening in
 * Los Angeles is one day, not two UTC days. Raw events (insight_events) are rolled up per truck,
 * local day and kind into insight_daily by the insights-rollup worker once that day has ended in
 * the truck's zone; the same statement marks them `rolled`, so every event is counted once —
 * rolled up, or raw — whatever the worker's lag, the trucks' zones, or an event flushed after its
 * day was rolled up (it is added to its day on the next run). Raw events older than
 * RAW_RETENTION_DAYS local days are then deleted. Sent alerts and messages are read from the outboxes.
 */

export const RAW_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

/** The truck's zone: its own, else the server's default (as its schedule, ADR 0100). */
const zoneOf = (truck: { timeZone: string | null }, defaultZone: string) => truck.timeZone ?? defaultZone;

/** The period's local days in `zone`, oldest first, ending today there. */
function periodDays(days: InsightPeriod, now: Date, zone: string): string[] {
  const today = wallClock(now, zone).date;
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}

async function ownTruck(db: DbOrTx, actor: AuthUser, truckId: number) {
  const [truck] = await db
    .select({ id: foodTrucks.id, operatorId: foodTrucks.operatorId, timeZone: foodTrucks.timeZone })
    .from(foodTrucks)
    .where(manageableTruck(actor, truckId))
    .limit(1);
  if (!truck) throw notFound('Food truck not found');
  return truck;
}

type Counts = Map<InsightSeriesKind, Map<string, number>>;

function add(counts: Counts, kind: string, day: string, n: number) {
  if (!(INSIGHT_SERIES as readonly string[]).includes(kind)) return;
  const series = counts.get(kind as InsightSeriesKind) ?? new Map<string, number>();
  series.set(day, (series.get(day) ?? 0) + n);
  counts.set(kind as InsightSeriesKind, series);
}

/**
 * Every series of the truck per local day over the period (the caller's truck, or any for an
 * admin). One statement reads the rolled-up days, the raw events not rolled up yet and the sent
 * alerts and texts, so a rollup committing meanwhile can neither hide nor double an event.
 */
export async function truckInsights(
  db: DbOrTx,
  actor: AuthUser,
  truckId: number,
  days: InsightPeriod,
  now: Date,
  defaultZone: string,
): Promise<TruckInsights> {
  const truck = await ownTruck(db, actor, truckId);
  const zone = zoneOf(truck, defaultZone);
  const dayList = periodDays(days, now, zone);
  const first = dayList[0] ?? wallClock(now, zone).date;
  const last = dayList[dayList.length - 1] ?? first;
  // The period as instants: from the first day's local midnight to the one after today.
  const from = zonedMoment(first, 0, zone).toISOString();
  const end = zonedMoment(addDays(last, 1), 0, zone).toISOString();
  const localDay = (at: SQL | PgColumn) => sql`to_char(${at} at time zone ${zone}, 'YYYY-MM-DD')`;
  const within = (at: PgColumn) => sql`${at} >= ${from}::timestamptz and ${at} < ${end}::timestamptz`;
  const sent = (table: typeof smsOutbox | typeof pushOutbox, kind: string) => sql`
    select ${localDay(table.sentAt)}, ${kind}, 1 from ${table}
    where ${table.foodTruckId} = ${truck.id} and ${table.status} = 'sent' and ${within(table.sentAt)}`;
  const rows = await selectRows<{ day: string; kind: string; count: number }>(
    db,
    sql`select day, kind, sum(n)::int as count from (
      select to_char(${insightDaily.day}, 'YYYY-MM-DD') as day, ${insightDaily.kind} as kind, ${insightDaily.count} as n
      from ${insightDaily}
      where ${insightDaily.foodTruckId} = ${truck.id} and ${insightDaily.day} >= ${first}::date and ${insightDaily.day} <= ${last}::date
      union all
      select ${localDay(insightEvents.occurredAt)}, ${insightEvents.kind}, 1 from ${insightEvents}
      where ${insightEvents.foodTruckId} = ${truck.id} and not ${insightEvents.rolled} and ${within(insightEvents.occurredAt)}
      union all ${sent(smsOutbox, 'sms_sent')}
      union all ${sent(pushOutbox, 'push_sent')}
    ) counted group by day, kind`,
  );
  const counts: Counts = new Map();
  for (const r of rows) add(counts, r.kind, r.day, Number(r.count));

  const goingPerStop = await db
    .select({
      address: sql<string>`coalesce(${insightEvents.detail}, '')`,
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(insightEvents)
    .where(
      and(
        eq(insightEvents.foodTruckId, truck.id),
        eq(insightEvents.kind, 'going'),
        within(insightEvents.occurredAt),
      ),
    )
    .groupBy(insightEvents.detail)
    .orderBy(sql`count(*) desc`, insightEvents.detail);

  return {
    truckId: truck.id,
    days,
    from: first,
    to: last,
    timeZone: zone,
    series: INSIGHT_SERIES.map((kind) => {
      const daily = dayList.map((day) => ({ day, count: counts.get(kind)?.get(day) ?? 0 }));
      return { kind, label: INSIGHT_LABELS[kind], total: daily.reduce((sum, d) => sum + d.count, 0), daily };
    }),
    goingPerStop,
  };
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The insights as CSV: one row per day, one column per series. */
export function insightsCsv(insights: TruckInsights): string {
  const header = ['day', ...insights.series.map((s) => s.kind)];
  const rows =
    insights.series[0]?.daily.map((d, i) => [d.day, ...insights.series.map((s) => s.daily[i]?.count ?? 0)]) ??
    [];
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Where diners looked for food near the operator's usual places (their trucks' spots and scheduled
 * stops): distinct diners per ~500 m cell over the period, only cells with at least
 * DEMAND_MIN_DINERS. Searches are recorded only for diners (never an operator's), as cells.
 */
export async function demandGrid(
  db: DbOrTx,
  actor: AuthUser,
  operatorId: number,
  days: InsightPeriod,
  now: Date,
): Promise<DemandGrid> {
  assertOperatorPath(actor, operatorId);
  const places = [
    ...(await db
      .select({ latitude: foodTrucks.latitude, longitude: foodTrucks.longitude })
      .from(foodTrucks)
      .where(and(eq(foodTrucks.operatorId, operatorId), isNotNull(foodTrucks.latitude)))),
    ...(await db
      .select({ latitude: truckScheduleStops.latitude, longitude: truckScheduleStops.longitude })
      .from(truckScheduleStops)
      .innerJoin(foodTrucks, eq(foodTrucks.id, truckScheduleStops.foodTruckId))
      .where(eq(foodTrucks.operatorId, operatorId))),
  ].flatMap((p) =>
    p.latitude !== null && p.longitude !== null ? [{ lat: p.latitude, lng: p.longitude }] : [],
  );
  const empty = { days, cellMeters: DEMAND_CELL_METERS, minDiners: DEMAND_MIN_DINERS, cells: [] };
  if (places.length === 0) return empty;
  // An operator's trucks may keep several zones: the demand map's period is in UTC days.
  const from = zonedMoment(periodDays(days, now, 'UTC')[0] ?? wallClock(now, 'UTC').date, 0, 'UTC');
  const diners = sql<number>`count(distinct ${insightEvents.visitor})::int`.mapWith(Number);
  const rows = await db
    .select({ row: insightEvents.cellLat, col: insightEvents.cellLng, diners })
    .from(insightEvents)
    .where(
      and(
        eq(insightEvents.kind, 'search'),
        gte(insightEvents.occurredAt, from),
        lt(insightEvents.occurredAt, new Date(now.getTime() + 1)),
        isNotNull(insightEvents.cellLat),
        isNotNull(insightEvents.cellLng),
        // The operator's own account never counts (it is not recorded either).
        sql`${insightEvents.visitor} is distinct from ${`u:${operatorId}`}`,
      ),
    )
    .groupBy(insightEvents.cellLat, insightEvents.cellLng)
    .having(sql`count(distinct ${insightEvents.visitor}) >= ${DEMAND_MIN_DINERS}`);
  const cells = rows
    .flatMap(({ row, col, diners: n }) =>
      row === null || col === null ? [] : [{ ...cellBounds(row, col), diners: n }],
    )
    .filter(
      (cell) =>
        cell.diners >= DEMAND_MIN_DINERS &&
        places.some((p) => haversineKm(p, { lat: cell.latitude, lng: cell.longitude }) <= DEMAND_RADIUS_KM),
    )
    .sort((a, b) => b.diners - a.diners || a.latitude - b.latitude || a.longitude - b.longitude);
  return { ...empty, cells };
}

/**
 * The rollup (insights-rollup worker). Every raw event of an existing truck from before today's
 * local midnight in that truck's zone (its days that have ended), not rolled up yet, is marked
 * `rolled` and added to its local day's count in insight_daily — in one statement, so an event is
 * counted exactly once and a second run adds nothing. A late event (flushed after its day was
 * rolled up) joins its day on the next run. Then raw events older than RAW_RETENTION_DAYS local
 * days are deleted (events of no truck or a deleted one by the default zone's days). Returns how
 * many raw events were deleted.
 */
export async function rollupInsights(db: DbOrTx, now: Date, defaultZone: string): Promise<number> {
  const at = now.toISOString();
  const zone = sql`coalesce(${foodTrucks.timeZone}, ${defaultZone})`;
  /** The local midnight that starts the day `daysBack` before today in `zone` (an instant). */
  const localMidnight = (tz: SQL, daysBack: number) =>
    sql`((((${at}::timestamptz at time zone ${tz})::date - ${daysBack}::int)::timestamp) at time zone ${tz})`;
  await db.execute(sql`
    with due as (
      update ${insightEvents} set rolled = true
      from ${foodTrucks}
      where ${foodTrucks.id} = ${insightEvents.foodTruckId}
        and not ${insightEvents.rolled}
        and ${insightEvents.occurredAt} < ${localMidnight(zone, 0)}
      returning ${insightEvents.foodTruckId} as food_truck_id, ${insightEvents.kind} as kind,
        (${insightEvents.occurredAt} at time zone ${zone})::date as day
    )
    insert into ${insightDaily} (day, food_truck_id, kind, count)
    select day, food_truck_id, kind, count(*)::int from due group by 1, 2, 3
    on conflict (food_truck_id, day, kind) do update set count = ${insightDaily.count} + excluded.count`);
  const eventZone = sql`coalesce((select t.time_zone from ${foodTrucks} t where t.id = ${insightEvents.foodTruckId}), ${defaultZone})`;
  const deleted = await db
    .delete(insightEvents)
    .where(
      and(
        // Every zone's cutoff is earlier than this: the index narrows, the zone decides.
        lt(insightEvents.occurredAt, new Date(now.getTime() - (RAW_RETENTION_DAYS - 1) * DAY_MS)),
        sql`${insightEvents.occurredAt} < ${localMidnight(eventZone, RAW_RETENTION_DAYS)}`,
      ),
    )
    .returning({ id: insightEvents.id });
  return deleted.length;
}

/** "Don't count my visits": the account's switch (true = counted). */
export async function countMyVisits(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ optOut: users.insightsOptOut })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !(row?.optOut ?? false);
}

export async function setCountMyVisits(db: DbOrTx, userId: number, counted: boolean): Promise<boolean> {
  await db
    .update(users)
    .set({ insightsOptOut: !counted, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return counted;
}
