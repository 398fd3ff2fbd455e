import type { Order } from '@shared/contracts';

/** An order of two tacos at "Taco Truck", paid by card, in wire shape for client tests. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const now = new Date().toISOString();
  return {
    id: 41,
    number: String(overrides.id ?? 41),
    foodTruckId: 3,
    truckName: 'Taco Truck',
    status: 'received',
    lines: [{ menuItemId: 1, name: 'Taco', unitCents: 350, quantity: 2 }],
    subtotalCents: 700,
    totalCents: 700,
    currency: 'usd',
    note: null,
    pickupAt: null,
    estimatedReadyAt: now,
    cardBrand: 'visa',
    cardLast4: '4242',
    refusalReason: null,
    refund: null,
    customerName: 'Diner',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}
