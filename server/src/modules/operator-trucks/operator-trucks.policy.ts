import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { isAdmin, type AuthUser } from '../../plugins/auth';
import { requireActiveSubscription } from '../subscriptions/subscriptions.service';

export const UNCLAIMED_NEVER_OPEN_MESSAGE = 'An unclaimed listing cannot be opened: only its operator can, once they claim it';

/** "Is admin" lives in the auth plugin; re-exported for this module's service. */
export { isAdmin };

/** Ownership of a truck is the trucks module's rule; re-exported for this module's service. */
export { manageableTruck } from '../trucks/truck-access';

/** `/api/operators/:operatorId/...` is the caller's own path; only an admin may name another operator. */
export function assertOperatorPath(actor: AuthUser, operatorId: number): void {
  if (!isAdmin(actor) && operatorId !== actor.id) throw notFound('Operator not found');
}

/** The operator a new truck belongs to: always the caller, unless an admin names one. */
export function ownerOfNewTruck(actor: AuthUser, requested: number | undefined): number {
  return isAdmin(actor) && requested !== undefined ? requested : actor.id;
}

/**
 * The subscription gate (DESIGN.md): operators may create and edit trucks before paying, but only
 * open them with an active subscription. Admins act on any truck — but an unclaimed listing (no
 * operator) is never opened by anyone: it is never LIVE (issue 26).
 */
export async function assertMayOpen(db: DbOrTx, actor: AuthUser, operatorId: number | null): Promise<void> {
  if (operatorId === null) throw conflict(UNCLAIMED_NEVER_OPEN_MESSAGE);
  if (isAdmin(actor)) return;
  await requireActiveSubscription(db, operatorId);
}
