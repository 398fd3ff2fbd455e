/**
 * NOTIFYed with an order id (after commit) whenever an order is created or changes. The truck feed
 * LISTENs to it and the event hub sends the order, as `event: order`, to the streams of the diner
 * who placed it, the truck's operator and admins (ADR 0162). Order frames carry no `id:` (they are
 * not replayed): a page refetches its order when its stream (re)opens.
 */
export const ORDER_EVENTS_CHANNEL = 'order_events';
