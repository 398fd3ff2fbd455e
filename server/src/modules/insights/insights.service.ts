import { and, eq, gte, isNotNull, lt, max, sql } from 'drizzle-orm';
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
import type { DbOrTx } from '../../db/client';
import { foodTrucks, insightDaily, insightEvents, pushOutbox, smsOutbox, truckScheduleStops, users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { assertOperatorPath } from '../operator-trucks/operator-trucks.policy';
import { manageableTruck } from '../trucks/truck-access';

/*
 * Operator insights (issue 31, ADR 0164). Days are UTC dates. Raw events (insight_events) are
 * rolled up per truck, day and kind into insight_daily by the insights-rollup worker, which also
 * deletes raw events older than RAW_RETENTION_DAYS. A read takes the rolled-up days up to the last
 * day rolled up (the watermark: the rollup rolls every truck's day at once) and counts later days
 * from the raw events, so it is exact whatever the worker's lag. Sent alerts and messages are read
 * from the outboxes.
 */

export const RAW_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The period's days, oldest first, ending today (UTC). */
function periodDays(days: InsightPeriod, now: Date): string[] {
  const today = dayStart(utcDay(now)).getTime();
  return Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * DAY_MS)));
}

/** The last day rolled up (null: none yet). */
async function rolledUpTo(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ day: max(insightDaily.day) }).from(insightDaily);
  return row?.day ?? null;
}

async function ownTruck(db: DbOrTx, actor: AuthUser, truckId: number) {
  const [truck] = await db
    .select({ id: foodTrucks.id, operatorId: foodTrucks.operatorId })
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

/** Every series of the truck per day over the period (the caller's truck, or any for an admin). */
export async function truckInsights(db: DbOrTx, actor: AuthUser, truckId: number, days: InsightPeriod, now: Date): Promise<TruckInsights> {
  const truck = await ownTruck(db, actor, truckId);
  const dayList = periodDays(days, now);
  const first = dayList[0] ?? utcDay(now);
  const from = dayStart(first);
  const end = new Date(dayStart(utcDay(now)).getTime() + DAY_MS);
  const watermark = await rolledUpTo(db);
  const rawFrom = watermark && watermark >= first ? new Date(dayStart(watermark).getTime() + DAY_MS) : from;
  const counts: Counts = new Map();

  if (watermark && watermark >= first) {
    const rolled = await db
      .select({ day: insightDaily.day, kind: insightDaily.kind, count: insightDaily.count })
      .from(insightDaily)
      .where(and(eq(insightDaily.foodTruckId, truck.id), gte(insightDaily.day, first), sql`${insightDaily.day} <= ${watermark}`));
    for (const r of rolled) add(counts, r.kind, r.day, r.count);
  }
  const rawDay = sql<string>`to_char(${insightEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const raw = await db
    .select({ day: rawDay, kind: insightEvents.kind, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(insightEvents)
    .where(and(eq(insightEvents.foodTruckId, truck.id), gte(insightEvents.occurredAt, rawFrom), lt(insightEvents.occurredAt, end)))
    .groupBy(rawDay, insightEvents.kind);
  for (const r of raw) add(counts, r.kind, r.day, r.count);

  for (const [kind, table, sentAt] of [
    ['sms_sent', smsOutbox, smsOutbox.sentAt],
    ['push_sent', pushOutbox, pushOutbox.sentAt],
  ] as const) {
    const sentDay = sql<string>`to_char(${sentAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day: sentDay, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(table)
      .where(and(eq(table.foodTruckId, truck.id), eq(table.status, 'sent'), gte(sentAt, from), lt(sentAt, end)))
      .groupBy(sentDay);
    for (const r of rows) add(counts, kind, r.day, r.count);
  }

  const goingPerStop = await db
    .select({ address: sql<string>`coalesce(${insightEvents.detail}, '')`, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(insightEvents)
    .where(and(eq(insightEvents.foodTruckId, truck.id), eq(insightEvents.kind, 'going'), gte(insightEvents.occurredAt, from), lt(insightEvents.occurredAt, end)))
    .groupBy(insightEvents.detail)
    .orderBy(sql`count(*) desc`, insightEvents.detail);

  return {
    truckId: truck.id,
    days,
    from: first,
    to: dayList[dayList.length - 1] ?? first,
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
  const rows = insights.series[0]?.daily.map((d, i) => [d.day, ...insights.series.map((s) => s.daily[i]?.count ?? 0)]) ?? [];
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Where diners looked for food near the operator's usual places (their trucks' spots and scheduled
 * stops): distinct diners per ~500 m cell over the period, only cells with at least
 * DEMAND_MIN_DINERS. Searches are recorded only for diners (never an operator's), as cells.
 */
export async function demandGrid(db: DbOrTx, actor: AuthUser, operatorId: number, days: InsightPeriod, now: Date): Promise<DemandGrid> {
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
  ].flatMap((p) => (p.latitude !== null && p.longitude !== null ? [{ lat: p.latitude, lng: p.longitude }] : []));
  const empty = { days, cellMeters: DEMAND_CELL_METERS, minDiners: DEMAND_MIN_DINERS, cells: [] };
  if (places.length === 0) return empty;
  const from = dayStart(periodDays(days, now)[0] ?? utcDay(now));
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
    .flatMap(({ row, col, diners: n }) => (row === null || col === null ? [] : [{ ...cellBounds(row, col), diners: n }]))
    .filter((cell) => cell.diners >= DEMAND_MIN_DINERS && places.some((p) => haversineKm(p, { lat: cell.latitude, lng: cell.longitude }) <= DEMAND_RADIUS_KM))
    .sort((a, b) => b.diners - a.diners || a.latitude - b.latitude || a.longitude - b.longitude);
  return { ...empty, cells };
}

/**
 * The rollup (insights-rollup worker): every complete UTC day since the last one rolled up is
 * counted into insight_daily (idempotently: the counts are replaced), then raw events older than
 * RAW_RETENTION_DAYS are deleted. Returns how many raw events were deleted.
 */
export async function rollupInsights(db: DbOrTx, now: Date): Promise<number> {
  const today = dayStart(utcDay(now));
  // Days before the last one rolled up are final; that day is counted again (events flushed late).
  const watermark = await rolledUpTo(db);
  const since = watermark ? dayStart(watermark) : new Date(0);
  const day = sql<string>`(${insightEvents.occurredAt} at time zone 'UTC')::date`;
  await db.execute(sql`
    insert into ${insightDaily} (day, food_truck_id, kind, count)
    select ${day}, ${insightEvents.foodTruckId}, ${insightEvents.kind}, count(*)::int
    from ${insightEvents}
    -- Only trucks that exist (raw events have no foreign key; a deleted truck's are not rolled up).
    where exists (select 1 from ${foodTrucks} t where t.id = ${insightEvents.foodTruckId})
      and ${insightEvents.occurredAt} >= ${since.toISOString()}::timestamptz
      and ${insightEvents.occurredAt} < ${today.toISOString()}::timestamptz
    group by 1, 2, 3
    on conflict (food_truck_id, day, kind) do update set count = excluded.count`);
  const cutoff = new Date(today.getTime() - RAW_RETENTION_DAYS * DAY_MS);
  const deleted = await db.delete(insightEvents).where(lt(insightEvents.occurredAt, cutoff)).returning({ id: insightEvents.id });
  return deleted.length;
}

/** "Don't count my visits": the account's switch (true = counted). */
export async function countMyVisits(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ optOut: users.insightsOptOut }).from(users).where(eq(users.id, userId)).limit(1);
  return !(row?.optOut ?? false);
}

export async function setCountMyVisits(db: DbOrTx, userId: number, counted: boolean): Promise<boolean> {
  await db.update(users).set({ insightsOptOut: !counted, updatedAt: sql`now()` }).where(eq(users.id, userId));
  return counted;
}
