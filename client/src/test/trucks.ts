import type { FoodTruck } from '@shared/contracts';
import type { ScheduledTruck } from '@shared/contracts/schedules';

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

/** A truck as the look-ahead lists it (GET /api/food-trucks/scheduled): placed at its stop at the chosen hour. */
export function makeScheduledTruck(overrides: Partial<FoodTruck> & { id: number }, hours = { startTime: '11:00', endTime: '14:00' }) {
  const truck = makeTruck(overrides);
  return {
    ...truck,
    scheduledStop: {
      stopId: 1,
      kind: 'weekly' as const,
      start: '2026-12-07T11:00:00.000-06:00',
      end: '2026-12-07T14:00:00.000-06:00',
      localDate: '2026-12-07',
      weekday: 1,
      ...hours,
      latitude: truck.latitude ?? 30.27,
      longitude: truck.longitude ?? -97.74,
      address: truck.address ?? '6th & Congress',
    },
  } satisfies ScheduledTruck;
}
