import type { FoodTruck } from '@shared/contracts';

/** A truck in wire shape for client tests. */
export function makeTruck(overrides: Partial<FoodTruck> & { id: number }): FoodTruck {
  return {
    name: `Truck ${overrides.id}`,
    description: 'Tasty food',
    cuisine: 'BBQ',
    operatorId: 1,
    latitude: 30.2672,
    longitude: -97.7431,
    address: '100 Congress Ave, Austin, TX',
    isOpen: true,
    phone: null,
    image: null,
    gallery: [],
    menuDocuments: [],
    smsMessage: 'Open!',
    lastUpdated: '2026-01-01T12:00:00.000Z',
    rating: null,
    ...overrides,
  };
}
