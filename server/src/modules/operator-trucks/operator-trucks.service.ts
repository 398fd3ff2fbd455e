import { and, desc, eq } from 'drizzle-orm';
import { HEARTBEAT_CLOSED, HEARTBEAT_ELSEWHERE } from '@shared/constants';
import type { Database, Tx } from '../../db/client';
import { foodTrucks, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isRowId } from '../../lib/route-params';
import type { AuthUser } from '../../plugins/auth';
import type { z } from 'zod';
import type {
  heartbeatSchema,
  locationUpdateSchema,
  openTruckSchema,
  truckCreateSchema,
  truckUpdateSchema,
} from '@shared/contracts';
// The address after a position change: kept at the same spot, else a place near the new one (one rule, shared with the client).
import { addressAfterMove, stillNear } from '@shared/utils/truck-address';
import { resolveAddress } from '../trucks/known-places';
import type { MediaResolver, UploadPurpose } from '../uploads/media';
import { truckColumns, type TruckRow } from '../trucks/truck.repository';
import { publishTruckEvent, type TruckEventType } from '../trucks/truck-events';
import { queueOpeningSms } from '../sms/sms-outbox.service';
import { queueOpeningPush } from '../push/push-outbox.service';
import { goingAfterTruckChange, goingBeforeTruckRemoved } from '../going/going.service';
import type { PaymentProvider } from '../../integrations/payments';
import { refuseWhileOrdersInProgress } from '../orders/orders-in-progress';
import { HOUR_MS, takeOrRefuse } from '../../lib/rate-limits';
import {
  assertMayOpen,
  assertOperatorPath,
  isAdmin,
  manageableTruck,
  ownerOfNewTruck,
} from './operator-trucks.policy';

export interface TruckServiceDeps {
  db: Database;
  media: MediaResolver;
  /** PUBLIC_URL: the link in the SMS sent to customers when a favourite truck opens. */
  publicUrl: string;
  /** Openings per operator per hour (each may text every customer who favourited the truck). */
  openingsPerHour: number;
}

/** What the location, open and close calls need (no uploads). */
export type TruckStateDeps = Pick<TruckServiceDeps, 'db' | 'publicUrl' | 'openingsPerHour'>;

/** Parsed request bodies (the routes validate them with the shared contracts). */
type TruckCreateInput = z.infer<typeof truckCreateSchema>;
type TruckUpdateInput = z.infer<typeof truckUpdateSchema>;
type LocationUpdateInput = z.infer<typeof locationUpdateSchema>;
type OpenTruckInput = z.infer<typeof openTruckSchema>;
type HeartbeatInput = z.infer<typeof heartbeatSchema>;
type TruckFields = Omit<TruckUpdateInput, 'operatorId'>;
type Coordinates = { latitude: number | null; longitude: number | null };

export const OPENINGS_CAPPED =
  'This truck account has opened trucks too often in the last hour. Please try again later.';
const NEEDS_LOCATION = 'A truck needs a location (latitude and longitude) to open';

/** Latitude and longitude travel together; an open truck must have them (the DB checks it too). */
function checkPosition(next: Coordinates & { isOpen: boolean }): void {
  if ((next.latitude === null) !== (next.longitude === null)) {
    throw badRequest('Latitude and longitude must be given together', {
      [next.latitude === null ? 'latitude' : 'longitude']: ['Latitude and longitude must be given together'],
    });
  }
  if (next.isOpen && next.latitude === null) throw badRequest(NEEDS_LOCATION, { latitude: [NEEDS_LOCATION] });
}

/** Media fields: new references are checked (and data URLs stored); ones the truck already has stay. */
async function resolveMedia(
  deps: TruckServiceDeps,
  tx: Tx,
  actor: AuthUser,
  input: TruckFields,
  current: TruckRow | undefined,
  imagePurpose: UploadPurpose,
) {
  const kept = new Set([current?.image, ...(current?.gallery ?? []), ...(current?.menuDocuments ?? [])]);
  const one = (ref: string, purpose: UploadPurpose, field: string) =>
    kept.has(ref) ? Promise.resolve(ref) : deps.media.resolve(tx, actor, ref, purpose, field);
  const many = async (refs: string[], purpose: UploadPurpose, field: string) => {
    const out: string[] = [];
    for (const [i, ref] of refs.entries()) out.push(await one(ref, purpose, `${field}.${i}`));
    return out;
  };
  return {
    image: input.image ? await one(input.image, imagePurpose, 'image') : input.image,
    gallery: input.gallery ? await many(input.gallery, 'gallery', 'gallery') : undefined,
    menuDocuments: input.menuDocuments
      ? await many(input.menuDocuments, 'menu-document', 'menuDocuments')
      : undefined,
  };
}

async function assertOperatorExists(tx: Tx, operatorId: number): Promise<void> {
  const [row] = !isRowId(operatorId)
    ? []
    : await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, operatorId), eq(users.role, 'operator')))
        .limit(1);
  if (!row) throw badRequest('Operator not found', { operatorId: ['Operator not found'] });
}

/**
 * The caller's truck, locked for the change; 404 when missing or not theirs. Also used by the
 * schedules module, whose stop changes are truck changes under the same ownership and lock.
 */
export async function lockTruck(tx: Tx, actor: AuthUser, id: number): Promise<TruckRow> {
  const [row] = await tx
    .select(truckColumns)
    .from(foodTrucks)
    .where(manageableTruck(actor, id))
    .for('update')
    .limit(1);
  if (!row) throw notFound('Food truck not found');
  return row;
}

function eventFor(before: TruckRow, after: TruckRow): TruckEventType {
  if (!before.isOpen && after.isOpen) return 'opened';
  if (before.isOpen && !after.isOpen) return 'closed';
  if (before.latitude !== after.latitude || before.longitude !== after.longitude) return 'moved';
  return 'updated';
}

/**
 * Writes the change and its truck event in one transaction step; a closed → open change also
 * queues the favourite-opened SMS and push messages in the same transaction (sent later by the
 * outbox workers, so the open call never waits for a provider).
 */
async function saveTruck(
  tx: Tx,
  deps: Pick<TruckServiceDeps, 'publicUrl' | 'openingsPerHour'>,
  before: TruckRow,
  values: Partial<typeof foodTrucks.$inferInsert>,
): Promise<TruckRow> {
  const [after] = await tx
    .update(foodTrucks)
    // Opening again clears the auto-close note of the operator's dashboard.
    .set({ ...values, lastUpdated: new Date(), ...(values.isOpen ? { autoClosedAt: null } : {}) })
    .where(eq(foodTrucks.id, before.id))
    .returning(truckColumns);
  if (!after) throw notFound('Food truck not found');
  const event = eventFor(before, after);
  if (event === 'opened') {
    // Counted in this transaction: a refused opening rolls back with its count (ADR 0110).
    await takeOrRefuse(
      tx,
      `truck-openings:operator:${after.operatorId}`,
      deps.openingsPerHour,
      HOUR_MS,
      OPENINGS_CAPPED,
    );
  }
  await publishTruckEvent(tx, event, after);
  if (event === 'opened') {
    await queueOpeningSms(tx, after, deps.publicUrl);
    await queueOpeningPush(tx, after);
  }
  // Closing or moving tells the diners who said they were going (issue 31), in this transaction.
  if (event === 'closed' || event === 'moved') await goingAfterTruckChange(tx, deps, before, after);
  return after;
}

export async function listOperatorTrucks(
  db: Database,
  actor: AuthUser,
  operatorId: number,
): Promise<TruckRow[]> {
  assertOperatorPath(actor, operatorId);
  return db
    .select(truckColumns)
    .from(foodTrucks)
    .where(eq(foodTrucks.operatorId, operatorId))
    .orderBy(desc(foodTrucks.createdAt), desc(foodTrucks.id));
}

export async function createTruck(
  deps: TruckServiceDeps,
  actor: AuthUser,
  input: TruckCreateInput,
  pathOperatorId?: number,
): Promise<TruckRow> {
  if (pathOperatorId !== undefined) assertOperatorPath(actor, pathOperatorId);
  const operatorId = ownerOfNewTruck(actor, input.operatorId ?? pathOperatorId);
  const position = {
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    isOpen: input.isOpen ?? false,
  };
  checkPosition(position);
  return deps.db.transaction(async (tx) => {
    if (operatorId !== actor.id) await assertOperatorExists(tx, operatorId);
    if (position.isOpen) await assertMayOpen(tx, actor, operatorId);
    const media = await resolveMedia(deps, tx, actor, input, undefined, 'truck-image');
    const [row] = await tx
      .insert(foodTrucks)
      .values({
        name: input.name,
        description: input.description ?? null,
        cuisine: input.cuisine,
        phone: input.phone ?? null,
        address:
          (await resolveAddress(
            tx,
            null,
            addressAfterMove({ latitude: null, longitude: null, address: null }, input),
          )) ?? null,
        image: media.image ?? null,
        gallery: media.gallery ?? [],
        menuDocuments: media.menuDocuments ?? [],
        operatorId,
        features: input.features ?? {},
        accessNote: input.accessNote ?? null,
        ...position,
      })
      .returning(truckColumns);
    if (!row) throw new Error('truck insert returned no row');
    await publishTruckEvent(tx, row.isOpen ? 'opened' : 'updated', row);
    return row;
  });
}

export async function updateTruck(
  deps: TruckServiceDeps,
  actor: AuthUser,
  id: number,
  input: TruckUpdateInput,
): Promise<TruckRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockTruck(tx, actor, id);
    const position = {
      latitude: input.latitude === undefined ? before.latitude : input.latitude,
      longitude: input.longitude === undefined ? before.longitude : input.longitude,
      isOpen: input.isOpen ?? before.isOpen,
    };
    checkPosition(position);
    // A client-sent operatorId moves the truck only when an admin sends it.
    const operatorId =
      isAdmin(actor) && input.operatorId !== undefined ? input.operatorId : before.operatorId;
    if (operatorId !== null && operatorId !== before.operatorId) await assertOperatorExists(tx, operatorId);
    if (input.isOpen === true) await assertMayOpen(tx, actor, operatorId);
    const media = await resolveMedia(deps, tx, actor, input, before, 'banner');
    return saveTruck(tx, deps, before, {
      name: input.name,
      description: input.description,
      cuisine: input.cuisine,
      phone: input.phone,
      address: await resolveAddress(tx, before.id, addressAfterMove(before, input)),
      image: media.image,
      gallery: media.gallery,
      menuDocuments: media.menuDocuments,
      operatorId,
      features: input.features,
      accessNote: input.accessNote,
      ...position,
    });
  });
}

/**
 * A location change of a truck already locked by `lockTruck` (opening it too when `isOpen` is true,
 * behind the subscription gate). The location call, and the schedules module's "use this stop's
 * place", which first checks that the stop is under way.
 */
export async function relocateLockedTruck(
  tx: Tx,
  deps: Pick<TruckServiceDeps, 'publicUrl' | 'openingsPerHour'>,
  actor: AuthUser,
  before: TruckRow,
  input: LocationUpdateInput,
): Promise<TruckRow> {
  if (input.isOpen === true) await assertMayOpen(tx, actor, before.operatorId);
  return saveTruck(tx, deps, before, {
    latitude: input.latitude,
    longitude: input.longitude,
    address: await resolveAddress(tx, before.id, addressAfterMove(before, input)),
    isOpen: input.isOpen,
  });
}

export async function updateLocation(
  deps: TruckStateDeps,
  actor: AuthUser,
  id: number,
  input: LocationUpdateInput,
): Promise<TruckRow> {
  return deps.db.transaction(async (tx) =>
    relocateLockedTruck(tx, deps, actor, await lockTruck(tx, actor, id), input),
  );
}

/** Heartbeats closer together than this write nothing: a dashboard open in two tabs, a retry. */
export const HEARTBEAT_MIN_GAP_MS = 60_000;


/**
 * What keeps an open truck open (ADR 0100, issue 24): a fresh position from the operator's device
 * at the truck's position (within SAME_SPOT_KM), or the operator's explicit "still here"
 * (`confirmed`). It writes `lastSeenAt`, which the auto-close worker counts from, and **never**
 * `lastUpdated` — diners' 'Updated … ago' is the age of the position they see, which a heartbeat does
 * not change — nor anything diners read, so it publishes no truck event. A device fix elsewhere is a
 * 409 (the truck moved: update its location) and keeps nothing open; so is a closed truck (a heartbeat
 * never opens one). No subscription check: only opening is gated (ADR 0031).
 */
export async function heartbeat(
  deps: TruckStateDeps,
  actor: AuthUser,
  id: number,
  input: HeartbeatInput,
  now: Date = new Date(),
): Promise<TruckRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockTruck(tx, actor, id);
    if (!before.isOpen) throw conflict(HEARTBEAT_CLOSED);
    if (input.latitude !== undefined && input.longitude !== undefined) {
      const fix = { latitude: input.latitude, longitude: input.longitude };
      if (!stillNear(before, fix)) throw conflict(HEARTBEAT_ELSEWHERE);
    }
    const [seen] = await tx
      .select({ at: foodTrucks.lastSeenAt })
      .from(foodTrucks)
      .where(eq(foodTrucks.id, id));
    const last = Math.max(before.lastUpdated.getTime(), seen?.at?.getTime() ?? 0);
    if (now.getTime() - last >= HEARTBEAT_MIN_GAP_MS) {
      await tx.update(foodTrucks).set({ lastSeenAt: now }).where(eq(foodTrucks.id, id));
    }
    return before;
  });
}

export async function openTruck(
  deps: TruckStateDeps,
  actor: AuthUser,
  id: number,
  input: OpenTruckInput,
): Promise<TruckRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockTruck(tx, actor, id);
    await assertMayOpen(tx, actor, before.operatorId);
    return saveTruck(tx, deps, before, {
      latitude: input.latitude,
      longitude: input.longitude,
      address: await resolveAddress(tx, before.id, addressAfterMove(before, input)),
      isOpen: true,
    });
  });
}

export async function closeTruck(deps: TruckStateDeps, actor: AuthUser, id: number): Promise<TruckRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockTruck(tx, actor, id);
    return saveTruck(tx, deps, before, { isOpen: false });
  });
}

export const TRUCK_ORDERS_IN_PROGRESS =
  'This truck has orders in progress. Mark them picked up or refuse them (a refusal refunds the diner) before deleting the truck.';

/**
 * Deletes the truck; the diners going to one of its stops are told in the same transaction. Not
 * while it has orders in progress: they would go with it, paid and never refunded.
 */
export async function deleteTruck(
  deps: TruckStateDeps & { payments: PaymentProvider },
  actor: AuthUser,
  id: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const truck = await lockTruck(tx, actor, id);
    await refuseWhileOrdersInProgress(tx, deps.payments, { truckId: truck.id }, TRUCK_ORDERS_IN_PROGRESS);
    await goingBeforeTruckRemoved(tx, deps, truck);
    const [removed] = await tx.delete(foodTrucks).where(eq(foodTrucks.id, truck.id)).returning(truckColumns);
    if (!removed) throw notFound('Food truck not found');
    await publishTruckEvent(tx, 'removed', removed);
  });
}
