import type { FoodTruck } from '@shared/contracts';
import type { MenuItem } from '@shared/contracts/menu';
import type { Occurrences } from '@shared/contracts/schedules';

/**
 * Examples of the public read API's answers for the OpenAPI page (`/api/docs`, issue 14): other
 * sites call these GETs cross-origin (public-read-cors.ts), limited per address (public-read-limit.ts).
 * Typed with the contracts, so an example cannot drift from the shape the API sends.
 */
export const EXAMPLE_TRUCK: FoodTruck = {
  id: 12,
  name: 'Taco Libre',
  description: 'Street tacos on handmade corn tortillas.',
  cuisine: 'Mexican',
  operatorId: 3,
  latitude: 30.2637,
  longitude: -97.7266,
  address: '1300 E 6th St, Austin, TX 78702',
  isOpen: true,
  phone: '+15125550112',
  image: '/objects/Jq1x0vB3bXh5t2c9Lw8aQe',
  gallery: [],
  menuDocuments: [],
  smsMessage: '',
  lastUpdated: '2026-06-16T17:05:00.000Z',
  rating: { average: 4.6, count: 31 },
  autoClosedAt: null,
  features: { cards: true, cash: true, phoneWallets: true, stepFree: true, seating: false },
  accessNote: 'Ramp to the window on request',
  menuLabels: [
    { diets: { vegetarian: false }, allergens: { gluten: 'free', dairy: 'free' } },
    { diets: { vegetarian: true }, allergens: { dairy: 'contains', treeNuts: 'mayContain' } },
  ],
};

/**
 * An unclaimed listing imported from a city's open data (issue 26, ADR 0156/0157): no operator, never
 * open, and `listing` names the source, its licence and when the source last changed the row.
 */
export const EXAMPLE_LISTING: FoodTruck = {
  id: 4821,
  name: 'Mission Street Dogs',
  description: 'Hot dogs and related toppings: non alcoholic beverages',
  cuisine: 'American',
  operatorId: null,
  latitude: 37.7592,
  longitude: -122.4188,
  address: '2400 MISSION ST',
  isOpen: false,
  phone: null,
  image: null,
  gallery: [],
  menuDocuments: [],
  smsMessage: '',
  lastUpdated: '2026-11-12T08:00:00.000Z',
  rating: null,
  listing: {
    sourceName: 'SF open data',
    licence: 'Open Data Commons PDDL (DataSF)',
    sourceUpdatedAt: '2025-11-16T08:00:00.000Z',
  },
  autoClosedAt: null,
};

export const EXAMPLE_MENU: MenuItem[] = [
  {
    id: 101,
    foodTruckId: 12,
    name: 'Al Pastor Taco',
    description: 'Pork, pineapple, cilantro, onion',
    price: 3.75,
    category: 'Main Dishes',
    available: true,
    image: null,
    diets: { vegetarian: false },
    allergens: { gluten: 'free', dairy: 'free' },
    soldOutToday: false,
    stockLeft: null,
  },
  {
    id: 102,
    foodTruckId: 12,
    name: 'Horchata',
    description: 'Cinnamon rice milk',
    price: 3.5,
    category: 'Beverages',
    available: true,
    image: null,
    diets: { vegetarian: true },
    allergens: { dairy: 'contains', treeNuts: 'mayContain' },
    soldOutToday: true,
    stockLeft: null,
  },
];

export const EXAMPLE_SCHEDULE: Occurrences = {
  truckId: 12,
  timeZone: 'America/Chicago',
  from: '2026-06-16T05:00:00.000Z',
  to: '2026-06-23T05:00:00.000Z',
  occurrences: [
    {
      stopId: 7,
      kind: 'weekly',
      start: '2026-06-16T11:00:00.000-05:00',
      end: '2026-06-16T14:00:00.000-05:00',
      localDate: '2026-06-16',
      weekday: 2,
      startTime: '11:00',
      endTime: '14:00',
      latitude: 30.2676,
      longitude: -97.7471,
      address: 'Republic Square, 422 Guadalupe St, Austin, TX 78701',
    },
  ],
};
