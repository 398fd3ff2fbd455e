import type { ServerResponse } from 'node:http';
import { asc, gt, inArray, max, min, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { foodTruckSchema } from '@shared/contracts/trucks';
import type { Database } from '../../db/client';
import { truckEvents } from '../../db/schema';
import { TRUCK_EVENT_TYPES, type TruckEventType } from '../trucks/truck-events';
import { findAuthUser, isAdmin, type AuthUser } from '../../plugins/auth';
import { operatorIsSubscribed } from '../subscriptions/subscriptions.service';
import type { TruckFeed } from '../trucks/truck-feed';
import { cameFromOpenData } from '../trucks/truck-visibility';
import type { Viewer } from '../trucks/trucks.service';
import { goingNoticeSchema } from '@shared/contracts/going';
import { readGoingNotice, recentGoingNotices } from '../going/going.service';
import { orderEventSchema } from '@shared/contracts/orders';
import { findOrderForEvent } from '../orders/orders.service';

export const EVENT_STREAM_DEFAULTS = {
  heartbeatMs: 15_000,
  /** Sent as `retry:` — how long a browser waits before reconnecting. */
  retryMs: 3000,
  /**
   * Events older than this are pruned (workers/truck-events-prune.ts, hourly); resuming from a
   * pruned id answers `reset`.
   */
  retentionMs: 24 * 60 * 60 * 1000,
  /** More events than this to replay: `reset` instead (refetching is cheaper). */
  replayLimit: 1000,
  /** A client that cannot keep up with this many unsent bytes is dropped (it reconnects and resumes). */
  maxBufferedBytes: 1024 * 1024,
  /**
   * A stream this process ends (shutdown, a gap in notifications) says `retry:` this long plus up
   * to `reconnectJitterMs`: soon, but spread, so a thousand browsers do not come back at once.
   */
  reconnectMs: 500,
  reconnectJitterMs: 2000,
};
export type EventStreamOptions = typeof EVENT_STREAM_DEFAULTS;

/** An event as the hub holds it: read once per notification, formatted once for every client. */
export interface HubEvent {
  id: number;
  type: TruckEventType;
  /** Null for an unclaimed listing (issue 26). */
  operatorId: number | null;
  /** The operator's subscription is active now, or the truck came from open data (diners see the truck). */
  operatorSubscribed: boolean;
  /** The SSE frame with the whole truck, ready to write. */
  frame: string;
  /** For `removed`: the frame with only `{ id }`, for viewers who may not read the truck. */
  bareFrame?: string;
}

/**
 * What a viewer receives of an event — only what it could read through the API (ADR 0060):
 * admins everything; an operator their own trucks; diners (anonymous and customers) the trucks of
 * subscribed operators, and for every `removed` a bare `{ id }` (so a truck that becomes invisible
 * leaves their map, without its name, phone, address or position).
 */
export function frameFor(
  viewer: Viewer,
  event: Pick<HubEvent, 'type' | 'operatorId' | 'operatorSubscribed' | 'frame' | 'bareFrame'>,
): string | undefined {
  if (isAdmin(viewer)) return event.frame;
  if (viewer?.role === 'operator') return event.operatorId === viewer.id ? event.frame : undefined;
  if (event.type === 'removed') return event.bareFrame;
  return event.operatorSubscribed ? event.frame : undefined;
}

const partialTruck = foodTruckSchema.partial();

const goingChangedPayload = z.object({ operatorId: z.number().int(), truckId: z.number().int() });

function safeJson(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/** The FoodTruck wire shape of a stored payload; only declared fields leave. */
export function truckWire(
  payload: unknown,
  ids: { truckId: number; operatorId: number | null },
): Record<string, unknown> {
  const full = foodTruckSchema.safeParse(payload);
  if (full.success) return z.encode(foodTruckSchema, full.data);
  const partial = partialTruck.safeParse(payload);
  const known = partial.success ? z.encode(partialTruck, partial.data) : {};
  return { ...known, id: ids.truckId, operatorId: ids.operatorId };
}

const eventType = z.enum(TRUCK_EVENT_TYPES);

export function formatEventFrame(id: number, type: TruckEventType, truck: Record<string, unknown>): string {
  return `id: ${id}\nevent: truck\ndata: ${JSON.stringify({ type, truck })}\n\n`;
}

export const RESET_FRAME = 'event: reset\ndata: {}\n\n';
export const HEARTBEAT_FRAME = ': heartbeat\n\n';

// An unclaimed listing's events have no operator: diners see listings (retired ones leave with `removed`),
// and a claimed listing's whatever its operator's subscription (ADR 0158).
const operatorSubscribed = sql<boolean>`(${truckEvents.operatorId} is null or ${operatorIsSubscribed(truckEvents.operatorId)} or ${cameFromOpenData(truckEvents.truckId)})`;

async function readEvents(db: Database, where: SQL | undefined, limit?: number): Promise<HubEvent[]> {
  const query = db
    .select({
      id: truckEvents.id,
      type: truckEvents.type,
      truckId: truckEvents.truckId,
      operatorId: truckEvents.operatorId,
      payload: truckEvents.payload,
      operatorSubscribed,
    })
    .from(truckEvents)
    .where(where)
    .orderBy(asc(truckEvents.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  const events: HubEvent[] = [];
  for (const row of rows) {
    const type = eventType.safeParse(row.type);
    if (!type.success) continue;
    const wire = truckWire(row.payload, row);
    // A vote sends only what changed: clients patch the rating into the truck they hold.
    const truck = type.data === 'rated' ? { id: row.truckId, rating: wire.rating ?? null } : wire;
    events.push({
      id: row.id,
      type: type.data,
      operatorId: row.operatorId,
      operatorSubscribed: Boolean(row.operatorSubscribed),
      frame: formatEventFrame(row.id, type.data, truck),
      bareFrame:
        type.data === 'removed' ? formatEventFrame(row.id, type.data, { id: row.truckId }) : undefined,
    });
  }
  return events;
}

/**
 * Parses a Last-Event-ID: an id, or 0 ("no event yet": a list's Truck-Event-Id when none was
 * recorded). Anything else is -1, "unknown" (→ reset).
 */
export function parseEventId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (!/^\d{1,15}$/.test(value)) return -1;
  return Number(value);
}

/** The `event: notice` frame of a going notice row. */
function noticeFrame(notice: NonNullable<Awaited<ReturnType<typeof readGoingNotice>>>): string {
  const data = goingNoticeSchema.parse({
    id: notice.id,
    truckId: notice.foodTruckId,
    kind: notice.kind,
    message: notice.message,
    address: notice.address,
    latitude: notice.latitude,
    longitude: notice.longitude,
  });
  return `event: notice\ndata: ${JSON.stringify(data)}\n\n`;
}

interface StreamClient {
  viewer: AuthUser | null;
  res: ServerResponse;
  /** False while replaying: live events wait in `pending`. */
  live: boolean;
  pending: HubEvent[];
  /** Ids already sent by the replay, so a live event is not sent twice. */
  replayed: Set<number>;
}

/**
 * One per process (built by buildApp, fed by the truck feed: createTruckEventHub): reads each
 * event row once per notification batch, and fans the ready-made frame out to every connected
 * stream the event is visible to. Old events are pruned by a worker (workers/truck-events-prune.ts).
 *
 * Its two timers are the streams' own (the lint rule on timers in modules allows this file only):
 * the heartbeat every open stream needs, and the retry of a failed read of notified events — a
 * one-shot timeout armed only by a failure (again each second while the database is away), gone
 * once the read succeeds; it carries this process's pending frames, so no worker could do it.
 */
export class TruckEventHub {
  private readonly clients = new Set<StreamClient>();
  private readonly queued = new Set<number>();
  private flushing = false;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: EventStreamOptions = EVENT_STREAM_DEFAULTS,
  ) {
    this.heartbeat = setInterval(() => this.broadcast(HEARTBEAT_FRAME), options.heartbeatMs).unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** A truck_events notification: the payload is the event id. */
  notify(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0 || this.closed) return;
    this.queued.add(id);
    if (!this.flushing) void this.flush();
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queued.size > 0 && !this.closed) {
        const ids = [...this.queued];
        this.queued.clear();
        let events: HubEvent[];
        try {
          events = await readEvents(this.db, inArray(truckEvents.id, ids));
        } catch (err) {
          this.log.error({ err }, 'could not read truck events; retrying');
          for (const id of ids) this.queued.add(id);
          setTimeout(() => {
            if (!this.flushing) void this.flush();
          }, 1000).unref();
          return;
        }
        for (const event of events) this.dispatch(event);
      }
    } finally {
      this.flushing = false;
    }
  }

  /**
   * An order notification (payload: its id): the order goes, as `event: order`, to the streams
   * of the diner who placed it, the operator of its truck and admins — nobody else (ADR 0162).
   * Not replayed: pages refetch their orders when their stream (re)opens.
   */
  orderChanged(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0 || this.closed) return;
    void findOrderForEvent(this.db, id)
      .then((order) => {
        if (!order) return;
        const frame = `event: order\ndata: ${JSON.stringify(z.encode(orderEventSchema, { order }))}\n\n`;
        for (const client of this.clients) {
          const viewer = client.viewer;
          if (!viewer) continue;
          // An order still awaiting the diner's payment (Stripe mode) is not the truck's yet.
          const kitchen = viewer.role === 'operator' && viewer.id === order.operatorId && order.status !== 'awaiting_payment';
          if (isAdmin(viewer) || viewer.id === order.customerId || kitchen) {
            this.write(client, frame);
          }
        }
      })
      .catch((err: unknown) => this.log.warn({ err }, 'could not read a changed order for the event stream'));
  }

  private dispatch(event: HubEvent): void {
    for (const client of this.clients) {
      if (!client.live) client.pending.push(event);
      else if (!client.replayed.has(event.id)) this.send(client, event);
    }
  }

  /** Writes the event as this client's viewer may see it, if at all. */
  private send(client: StreamClient, event: HubEvent): void {
    const frame = frameFor(client.viewer, event);
    if (frame) this.write(client, frame);
  }

  /**
   * A user_sessions notification (payload: the user id): that account's role or password changed,
   * or it was deleted. Its streams were opened under the old session, so they end; the browser
   * reconnects, and what it then receives is decided afresh (a diner's view once the old token
   * and ticket are refused).
   */
  sessionChanged(payload: string): void {
    const userId = Number(payload);
    const affected = [...this.clients].filter((c) => c.viewer?.id === userId);
    if (affected.length === 0) return;
    void this.recheck(userId, affected);
  }

  private async recheck(userId: number, affected: StreamClient[]): Promise<void> {
    let current: AuthUser | null = null;
    try {
      current = await findAuthUser(this.db, userId);
    } catch (err) {
      this.log.warn({ err }, 'could not re-check an event stream viewer; ending its streams');
    }
    for (const client of affected) {
      if (current && client.viewer && current.sessionVersion === client.viewer.sessionVersion) continue;
      this.end(client);
    }
  }

  /**
   * A truck's "I'm going" counts changed (issue 31): its operator's open streams get
   * `event: going` with the truck id, and their dashboards refetch the counts. Nobody else hears it.
   */
  goingChanged(payload: string): void {
    const parsed = goingChangedPayload.safeParse(safeJson(payload));
    if (!parsed.success) return;
    const frame = `event: going\ndata: ${JSON.stringify({ truckId: parsed.data.truckId })}\n\n`;
    for (const client of this.clients) {
      if (client.viewer?.role === 'operator' && client.viewer.id === parsed.data.operatorId) this.write(client, frame);
    }
  }

  /**
   * A stop closed early, moved or was cancelled (issue 31): the diners who said they were going get
   * `event: notice` on their open pages, nobody else. A stream that reopens gets only the last
   * minutes' again (connect): the SMS and push copies reach those who were not on the page.
   */
  goingNotice(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0 || this.closed) return;
    // Notices go to signed-in diners only: a process with none of them on a stream reads nothing.
    if (![...this.clients].some((c) => c.viewer?.role === 'customer')) return;
    readGoingNotice(this.db, id).then(
      (notice) => {
        if (!notice) return;
        const recipients = new Set(notice.recipientIds);
        const frame = noticeFrame(notice);
        for (const client of this.clients) if (client.viewer && recipients.has(client.viewer.id)) this.write(client, frame);
      },
      (err: unknown) => this.log.warn({ err }, 'could not read a going notice'),
    );
  }

  /** The last frame of a stream this process ends: how soon the browser should reconnect. */
  private reconnectFrame(): string {
    const jitter = Math.floor(Math.random() * this.options.reconnectJitterMs);
    return `retry: ${this.options.reconnectMs + jitter}\n\n`;
  }

  /** Ends a stream with a `retry:` hint; the browser reconnects and resumes with Last-Event-ID. */
  private end(client: StreamClient): void {
    this.clients.delete(client);
    if (!client.res.writableEnded && !client.res.destroyed) client.res.end(this.reconnectFrame());
  }

  /**
   * Notifications may have been missed (the database's LISTEN connection dropped, or came back
   * after a gap): every open stream ends with a `retry:` hint, and each browser reconnects with its
   * Last-Event-ID, so what it missed is replayed from the truck_events table.
   */
  restartStreams(): void {
    if (this.clients.size > 0) this.log.warn({ streams: this.clients.size }, 'event notifications interrupted; restarting streams');
    for (const client of [...this.clients]) this.end(client);
  }

  private write(client: StreamClient, frame: string): void {
    if (client.res.writableEnded || client.res.destroyed) return;
    client.res.write(frame);
    if (client.res.writableLength > this.options.maxBufferedBytes) {
      this.log.warn('dropping an event stream that does not keep up');
      client.res.destroy();
    }
  }

  private broadcast(frame: string): void {
    for (const client of this.clients) this.write(client, frame);
  }

  /**
   * Takes over a hijacked response: headers, `retry:`, then (with a Last-Event-ID) every later
   * event the viewer may see or `reset` when that id is unknown or too old, then live events.
   * Live events arriving during the replay are held and sent after it, without duplicates.
   */
  async connect(
    res: ServerResponse,
    viewer: AuthUser | null,
    lastEventId: number | undefined,
  ): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${this.options.retryMs}\n\n`);
    if (this.closed) {
      res.end(this.reconnectFrame());
      return;
    }
    const client: StreamClient = {
      viewer,
      res,
      live: lastEventId === undefined,
      pending: [],
      replayed: new Set(),
    };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
    if (lastEventId === undefined) return;
    try {
      const replay = await this.replay(lastEventId);
      if (replay === 'reset') this.write(client, RESET_FRAME);
      else
        for (const event of replay) {
          client.replayed.add(event.id);
          this.send(client, event);
        }
    } catch (err) {
      // The database did not answer (an outage): the browser tries again soon with the same
      // Last-Event-ID, and gets the replay once the database is back (not a `reset`).
      this.log.warn({ err }, 'event replay failed; the client will reconnect');
      this.end(client);
      return;
    }
    if (viewer?.role === 'customer' && lastEventId > 0) await this.replayNotices(client, viewer.id, lastEventId);
    for (const event of client.pending) if (!client.replayed.has(event.id)) this.send(client, event);
    client.pending = [];
    client.live = true;
  }

  /**
   * A diner's stream that reopens from `lastEventId` gets their notices written since that event
   * again (recentGoingNotices): one sent while the page's stream was reopening is not lost. The
   * page shows each notice id once, so one it already had changes nothing.
   */
  private async replayNotices(client: StreamClient, userId: number, lastEventId: number): Promise<void> {
    try {
      for (const notice of await recentGoingNotices(this.db, userId, lastEventId)) this.write(client, noticeFrame(notice));
    } catch (err) {
      // The database did not answer: the truck events are replayed already; the SMS and push copies stand.
      this.log.warn({ err }, 'could not replay going notices');
    }
  }

  /**
   * Every event after `lastEventId`, or `reset` when they are not all here: the id was never given
   * (beyond the last one), events after it were pruned (the prune deletes the oldest ids first, so
   * the first one kept must follow it), or too many follow it. 0 is "no event yet" (a list's
   * Truck-Event-Id read from an empty table): everything, if nothing was pruned (ADR 0139).
   */
  private async replay(lastEventId: number): Promise<HubEvent[] | 'reset'> {
    if (lastEventId < 0) return 'reset';
    const [kept] = await this.db
      .select({ first: min(truckEvents.id), last: max(truckEvents.id) })
      .from(truckEvents);
    const first = kept?.first ?? null;
    const last = kept?.last ?? null;
    if (first === null || last === null) return lastEventId === 0 ? [] : 'reset';
    if (lastEventId > Number(last) || lastEventId < Number(first) - 1) return 'reset';
    const events = await readEvents(this.db, gt(truckEvents.id, lastEventId), this.options.replayLimit + 1);
    return events.length > this.options.replayLimit ? 'reset' : events;
  }

  /**
   * Ends every stream with a `retry:` hint (graceful shutdown: browsers reconnect, through the load
   * balancer, to another process; app.close() in tests) and stops the heartbeat.
   */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const client of [...this.clients]) this.end(client);
  }
}

/** The process's event hub, subscribed to the truck feed (buildApp). */
export function createTruckEventHub(
  db: Database,
  log: FastifyBaseLogger,
  options: EventStreamOptions,
  feed: TruckFeed,
): TruckEventHub {
  const hub = new TruckEventHub(db, log, options);
  feed.subscribe({
    truckEvent: (payload) => hub.notify(payload),
    ratingEvent: (payload) => hub.notify(payload),
    sessionChanged: (payload) => hub.sessionChanged(payload),
    goingChanged: (payload) => hub.goingChanged(payload),
    goingNotice: (payload) => hub.goingNotice(payload),
    orderEvent: (payload) => hub.orderChanged(payload),
    // Notifications missed while PostgreSQL's LISTEN connection was down: streams restart and resume.
    notificationGap: () => hub.restartStreams(),
  });
  return hub;
}
