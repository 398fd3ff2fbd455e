/*
 * The NOTIFY channels of "I'm going" (issue 31), a leaf the truck feed can import without the
 * going module's dependencies.
 */

/** Payload `{"operatorId":…,"truckId":…}`: that truck's going counts changed (the operator's dashboards refetch). */
export const GOING_CHANNEL = 'truck_going';

/** Payload: a going_notices id; the event hub reads it and tells the open pages of its recipients. */
export const GOING_NOTICES_CHANNEL = 'going_notices';
