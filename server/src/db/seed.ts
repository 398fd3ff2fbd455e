import { count } from 'drizzle-orm';
import { SUBSCRIPTION_PRICE_CENTS, type MenuCategory } from '@shared/constants';
import { toE164 } from '@shared/utils/phone';
import { endMinuteOf, minutesOf } from '@shared/contracts/schedules';
import { hashPassword } from '../lib/passwords';
import type { ObjectStorage } from '../integrations/storage';
import { storeFile } from '../modules/uploads/uploads.service';
import type { Database, DbOrTx } from './client';
import { demoBanner } from './demo-banners';
import { addOneMonth } from '../lib/billing-period';
import { foodTrucks, landmarks, menuItems, operatorSubscriptions, payoutAccounts, truckScheduleStops, userFavorites, users } from './schema';
import type { ItemLabels, TruckFeatures } from '@shared/utils/attributes';

/** Shown on the login tab while DEMO_DATA is on. */
export const DEMO_ACCOUNTS = [
  { role: 'operator', username: 'demo_operator', phone: '(512) 555-0101', password: 'demo-operator-1' },
  { role: 'customer', username: 'demo_customer', phone: '(512) 555-0100', password: 'demo-customer-1' },
];

/**
 * The demo customer's favourites, open and closed ones, so Favorites shows what it is for (open first,
 * live status, alerts) to someone trying the demo, not "No favorites yet".
 */
export const DEMO_FAVORITES = ['Taco Libre', 'Pasta Vagabonda', 'Green Machine'];

type SeedItem = [name: string, price: number, category: MenuCategory, description: string, available?: boolean];
/** A weekly stop: ISO weekdays (1 = Monday), local hours, and a place other than the truck's own spot. */
type SeedStop = [weekdays: number[], start: string, end: string, at?: { address: string; lat: number; lng: number }];
interface SeedTruck {
  name: string;
  cuisine: string;
  description: string;
  address: string;
  lat: number;
  lng: number;
  isOpen: boolean;
  phone: string;
  items: SeedItem[];
}

/**
 * Weekly stops of the demo trucks, by name (in the trucks' default zone), so the demo cards show
 * 'Open now until …' or 'Next: Tue 11:00–14:00 at …' rather than all 'No upcoming stops'.
 * Two trucks keep none, to show that state too. The trucks the demo shows open have their stops at
 * their own spot: an open truck's card and the assistant go by where it is (the live state first),
 * so a stop elsewhere under way at the same hour read as "open now here, scheduled there" whenever
 * the demo was tried then (session 65). Stops elsewhere are the closed trucks'.
 */
const DOWNTOWN = { address: 'Republic Square, 422 Guadalupe St, Austin, TX 78701', lat: 30.2676, lng: -97.7471 };
const UT_CAMPUS = { address: 'Speedway & 24th St, Austin, TX 78712', lat: 30.2869, lng: -97.7368 };
export const DEMO_STOPS: Readonly<Record<string, SeedStop[]>> = {
  'Smokestack BBQ': [[[3, 4, 5, 6], '11:00', '15:00'], [[7], '12:00', '16:00']],
  'Taco Libre': [[[1, 2, 3, 4, 5], '07:30', '10:30'], [[5, 6], '18:00', '23:30']],
  'Pasta Vagabonda': [[[2, 4], '11:30', '14:00', DOWNTOWN], [[5, 6], '17:30', '21:30']],
  'Seoul Food Wagon': [[[1, 2, 3, 4, 5], '11:00', '14:30']],
  'Gulf Coast Catch': [[[5, 6, 7], '11:00', '19:00']],
  'Green Machine': [[[1, 3, 5], '11:00', '14:00'], [[6], '09:00', '13:00']],
  'Sweet Spot Desserts': [[[4, 5, 6, 7], '14:00', '22:00']],
  'Rolling Roast Coffee': [[[1, 2, 3, 4, 5], '06:30', '10:00', UT_CAMPUS]],
  // A late-night stop: Friday 18:00 to Saturday 02:00 (issue 27).
  'Mezze on Main': [[[2, 4, 6], '11:00', '20:00'], [[5], '18:00', '02:00']],
  'Masala Wheels': [[[3], '11:30', '14:00', DOWNTOWN]],
};


/**
 * What some demo trucks state (issue 28), so the filters and cards show it on day one. Other trucks
 * state nothing: "not stated" is a state the demo must show too.
 */
export const DEMO_FEATURES: Readonly<Record<string, { features: TruckFeatures; accessNote?: string }>> = {
  'Smokestack BBQ': { features: { cards: true, cash: true, phoneWallets: true, stepFree: true, seating: true, shade: true, restroomNearby: true } },
  'Taco Libre': { features: { cards: false, cash: true, stepFree: false, seating: false, petFriendly: true }, accessNote: 'Two steps up to the window; we bring orders down to you' },
  'Green Machine': { features: { cards: true, cash: true, phoneWallets: true, stepFree: true, reachableCounter: true, orderFromSeat: true, seating: true, shade: true, petFriendly: true }, accessNote: 'Low counter at 34 in; ramp to the window' },
  'Mezze on Main': { features: { cards: true, phoneWallets: true, stepFree: true, shade: true } },
  'Rolling Roast Coffee': { features: { cards: true, cash: false, phoneWallets: true } },
};
type SeedLabels = { diets?: ItemLabels['diets']; allergens?: ItemLabels['allergens'] };
/** Diet and allergen labels of some demo items, by item name. */
export const DEMO_ITEM_LABELS: Readonly<Record<string, SeedLabels>> = {
  'Sliced Brisket Plate': { diets: { vegetarian: false }, allergens: { gluten: 'contains', peanuts: 'free', dairy: 'free' } },
  'Pulled Pork Sandwich': { diets: { vegetarian: false, halal: false }, allergens: { gluten: 'contains', peanuts: 'free' } },
  'Mac & Cheese': { diets: { vegetarian: true, vegan: false }, allergens: { dairy: 'contains', gluten: 'contains', peanuts: 'free' } },
  'Banana Pudding': { diets: { vegetarian: true }, allergens: { dairy: 'contains', egg: 'contains', gluten: 'contains', peanuts: 'mayContain' } },
  'Sweet Tea': { diets: { vegan: true, glutenFree: true }, allergens: { peanuts: 'free', dairy: 'free', gluten: 'free' } },
  'Al Pastor Taco': { diets: { vegetarian: false }, allergens: { gluten: 'free', dairy: 'free', peanuts: 'free' } },
  Elote: { diets: { vegetarian: true, glutenFree: true }, allergens: { dairy: 'contains', gluten: 'free', peanuts: 'free' } },
  Horchata: { diets: { vegetarian: true, vegan: true }, allergens: { treeNuts: 'mayContain', dairy: 'free', peanuts: 'free' } },
  'Falafel Wrap': { diets: { vegetarian: true, vegan: true }, allergens: { gluten: 'contains', sesame: 'contains', peanuts: 'free', dairy: 'free' } },
  'Quinoa Bowl': { diets: { vegetarian: true, vegan: true, glutenFree: true }, allergens: { peanuts: 'free', treeNuts: 'free', dairy: 'free', soy: 'contains', sesame: 'mayContain' } },
  'Sweet Potato Fries': { diets: { vegan: true, glutenFree: true }, allergens: { peanuts: 'free', gluten: 'free' } },
  'Chicken Shawarma Plate': { diets: { halal: true, vegetarian: false }, allergens: { sesame: 'contains', dairy: 'contains', peanuts: 'free' } },
  'Hummus & Pita': { diets: { vegetarian: true, vegan: true, halal: true }, allergens: { sesame: 'contains', gluten: 'contains', peanuts: 'free' } },
  Baklava: { diets: { vegetarian: true }, allergens: { treeNuts: 'contains', gluten: 'contains', dairy: 'contains' } },
};

/** About a dozen trucks around Austin, TX: varied cuisines, open and closed. */
export const DEMO_TRUCKS: SeedTruck[] = [
  { name: 'Smokestack BBQ', cuisine: 'BBQ', description: 'Central Texas brisket smoked 14 hours over post oak.', address: '1100 S Congress Ave, Austin, TX 78704', lat: 30.2515, lng: -97.7489, isOpen: true, phone: '(512) 555-0111',
    items: [['Sliced Brisket Plate', 18.5, 'Main Dishes', 'Half pound of brisket, pickles, onions, white bread'], ['Pulled Pork Sandwich', 11, 'Main Dishes', 'Smoked pork shoulder with vinegar slaw'], ['Mac & Cheese', 4.5, 'Sides', 'Three-cheese, baked'], ['Banana Pudding', 5, 'Desserts', 'Vanilla wafers, fresh bananas'], ['Sweet Tea', 3, 'Beverages', 'Brewed daily']] },
  { name: 'Taco Libre', cuisine: 'Mexican', description: 'Street tacos on handmade corn tortillas.', address: '1300 E 6th St, Austin, TX 78702', lat: 30.2637, lng: -97.7266, isOpen: true, phone: '(512) 555-0112',
    items: [['Al Pastor Taco', 3.75, 'Main Dishes', 'Pork, pineapple, cilantro, onion'], ['Barbacoa Taco', 4.25, 'Main Dishes', 'Slow-braised beef cheek'], ['Elote', 5, 'Sides', 'Grilled corn, cotija, chile'], ['Horchata', 3.5, 'Beverages', 'Cinnamon rice milk'], ['Churros', 4, 'Desserts', 'With chocolate sauce', false]] },
  { name: 'Pasta Vagabonda', cuisine: 'Italian', description: 'Fresh pasta rolled every morning.', address: '91 Red River St, Austin, TX 78701', lat: 30.2589, lng: -97.7385, isOpen: false, phone: '(512) 555-0113',
    items: [['Cacio e Pepe', 13, 'Main Dishes', 'Pecorino, black pepper, tonnarelli'], ['Garlic Knots', 5, 'Appetizers', 'Six knots, marinara'], ['Tiramisu', 6.5, 'Desserts', 'Espresso-soaked ladyfingers']] },
  { name: 'Seoul Food Wagon', cuisine: 'Asian', description: 'Korean bowls and fried chicken.', address: UT_CAMPUS.address, lat: UT_CAMPUS.lat, lng: UT_CAMPUS.lng, isOpen: true, phone: '(512) 555-0114',
    items: [['Bulgogi Bowl', 12.5, 'Main Dishes', 'Marinated beef, rice, kimchi'], ['Korean Fried Chicken', 11, 'Main Dishes', 'Gochujang glaze'], ['Kimchi Fries', 7, 'Sides', 'Fries, kimchi, spicy mayo'], ['Yuzu Lemonade', 4, 'Beverages', 'Fresh-squeezed']] },
  { name: 'Gulf Coast Catch', cuisine: 'Seafood', description: 'Po’boys and fish tacos from Gulf seafood.', address: '1600 Barton Springs Rd, Austin, TX 78704', lat: 30.2641, lng: -97.7607, isOpen: false, phone: '(512) 555-0115',
    items: [['Shrimp Po’boy', 14, 'Main Dishes', 'Fried Gulf shrimp, remoulade'], ['Fish Tacos', 12, 'Main Dishes', 'Blackened redfish, cabbage slaw'], ['Hush Puppies', 5, 'Sides', 'With honey butter']] },
  { name: 'Green Machine', cuisine: 'Vegetarian', description: 'Plant-forward bowls and wraps.', address: '4200 N Lamar Blvd, Austin, TX 78756', lat: 30.3108, lng: -97.7403, isOpen: true, phone: '(512) 555-0116',
    items: [['Falafel Wrap', 10, 'Main Dishes', 'Hummus, pickled onion, tahini'], ['Quinoa Bowl', 11.5, 'Main Dishes', 'Roasted vegetables, lemon dressing'], ['Sweet Potato Fries', 5, 'Sides', 'With chipotle aioli'], ['Cold Brew', 4.5, 'Beverages', 'Slow-steeped']] },
  { name: 'Sweet Spot Desserts', cuisine: 'Desserts', description: 'Ice cream sandwiches and pies.', address: '1701 S Lamar Blvd, Austin, TX 78704', lat: 30.2521, lng: -97.7666, isOpen: true, phone: '(512) 555-0117',
    items: [['Ice Cream Sandwich', 6, 'Desserts', 'Two cookies, vanilla bean'], ['Pecan Pie Slice', 5.5, 'Desserts', 'Texas pecans'], ['Affogato', 6.5, 'Specials', 'Espresso over gelato']] },
  { name: 'Rolling Roast Coffee', cuisine: 'Coffee', description: 'Single-origin espresso on wheels.', address: '1900 Aldrich St, Austin, TX 78723', lat: 30.2987, lng: -97.7058, isOpen: false, phone: '(512) 555-0118',
    items: [['Latte', 4.75, 'Beverages', 'Double shot'], ['Breakfast Taco', 3.5, 'Main Dishes', 'Egg, potato, cheese'], ['Kolache', 3, 'Appetizers', 'Sausage and cheese']] },
  { name: 'Mezze on Main', cuisine: 'Mediterranean', description: 'Shawarma, mezze plates and fresh pita.', address: '11600 Rock Rose Ave, Austin, TX 78758', lat: 30.4021, lng: -97.7228, isOpen: true, phone: '(512) 555-0119',
    items: [['Chicken Shawarma Plate', 13.5, 'Main Dishes', 'Garlic sauce, rice, salad'], ['Hummus & Pita', 6, 'Appetizers', 'Olive oil, paprika'], ['Baklava', 4, 'Desserts', 'Pistachio']] },
  { name: 'Masala Wheels', cuisine: 'Indian', description: 'Curries, kathi rolls and chai.', address: '5300 Burnet Rd, Austin, TX 78756', lat: 30.3255, lng: -97.7396, isOpen: false, phone: '(512) 555-0120',
    items: [['Butter Chicken', 12.5, 'Main Dishes', 'With basmati rice'], ['Paneer Kathi Roll', 10, 'Main Dishes', 'Paratha, mint chutney'], ['Samosas', 5, 'Appetizers', 'Two, with tamarind'], ['Masala Chai', 3.5, 'Beverages', 'Spiced milk tea']] },
  { name: 'Southern Comfort Kitchen', cuisine: 'Southern', description: 'Fried chicken, biscuits and greens.', address: '2000 E Cesar Chavez St, Austin, TX 78702', lat: 30.2556, lng: -97.7218, isOpen: true, phone: '(512) 555-0121',
    items: [['Fried Chicken Biscuit', 9, 'Main Dishes', 'Honey butter, pickles'], ['Collard Greens', 4, 'Sides', 'Smoked turkey'], ['Peach Cobbler', 5.5, 'Desserts', 'Warm, with cream']] },
  { name: 'Burger Bus', cuisine: 'American', description: 'Smash burgers and hand-cut fries.', address: '1000 W Riverside Dr, Austin, TX 78704', lat: 30.2620, lng: -97.7551, isOpen: false, phone: '(512) 555-0122',
    items: [['Double Smash Burger', 11, 'Main Dishes', 'American cheese, special sauce'], ['Hand-cut Fries', 4, 'Sides', 'Sea salt'], ['Chocolate Shake', 6, 'Beverages', 'Real ice cream'], ['Burger of the Week', 13, 'Specials', 'Ask the crew']] },
];

/** True when the database holds no accounts yet (the embedded database's first start). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo operator (subscribed) and customer, and the demo trucks with menus. Run on an empty database.
 * With `storage`, each demo truck also gets a generated banner image stored as an object.
 */
/**
 * The demo city's landmarks (Austin, TX, where the demo trucks park): places diners name ("is there
 * food near the capitol") that are not a truck's address or stop. The first name is what answers say.
 */
export const DEMO_LANDMARKS: Array<{ name: string; aliases: string[]; lat: number; lng: number }> = [
  { name: 'the Capitol', aliases: ['Texas State Capitol', 'State Capitol'], lat: 30.2747, lng: -97.7404 },
  // "Anything downtown": a district said without "near" (understand.ts, DISTRICTS), at its centre.
  { name: 'downtown Austin', aliases: ['downtown'], lat: 30.2682, lng: -97.7429 },
  { name: 'Zilker Park', aliases: ['Zilker'], lat: 30.2669, lng: -97.7729 },
  { name: 'the University of Texas', aliases: ['UT campus', 'UT Austin'], lat: 30.2849, lng: -97.7341 },
  { name: 'Lady Bird Lake', aliases: ['Town Lake'], lat: 30.2637, lng: -97.7513 },
  { name: 'South Congress', aliases: ['SoCo'], lat: 30.2493, lng: -97.7497 },
  { name: 'Sixth Street', aliases: ['Dirty Sixth'], lat: 30.2672, lng: -97.7392 },
  { name: 'Rainey Street', aliases: [], lat: 30.2588, lng: -97.7387 },
  { name: 'the Convention Center', aliases: ['Austin Convention Center'], lat: 30.2635, lng: -97.7396 },
  { name: 'Barton Springs', aliases: [], lat: 30.2641, lng: -97.7713 },
  { name: 'the Domain', aliases: [], lat: 30.4021, lng: -97.7253 },
  // Neighbourhoods and places diners name ("trucks in hyde park", "near the airport").
  { name: 'Hyde Park', aliases: [], lat: 30.305, lng: -97.729 },
  { name: 'Mueller', aliases: [], lat: 30.2985, lng: -97.7055 },
  { name: 'East Austin', aliases: ['East Side', 'the east side'], lat: 30.2625, lng: -97.7245 },
  { name: 'Clarksville', aliases: [], lat: 30.2795, lng: -97.7585 },
  { name: 'Travis Heights', aliases: [], lat: 30.2455, lng: -97.742 },
  { name: 'Bouldin Creek', aliases: ['Bouldin'], lat: 30.251, lng: -97.756 },
  { name: 'North Loop', aliases: [], lat: 30.318, lng: -97.7205 },
  { name: 'Auditorium Shores', aliases: [], lat: 30.2615, lng: -97.7515 },
  { name: 'the Moody Center', aliases: ['Moody Center'], lat: 30.281, lng: -97.732 },
];

/**
 * The demo: its accounts, the demo operator's subscription and trucks with menus and stops, and the
 * city's landmarks. `payoutsConnected` (the built-in payment provider only): the demo operator's
 * payout account is connected in test mode, so its open trucks take orders ahead out of the box
 * (test cards), as an operator's do once they tap "Connect payouts".
 */
export async function seedDemoData(db: Database, options: { storage?: ObjectStorage; payoutsConnected?: boolean } = {}): Promise<void> {
  const { storage, payoutsConnected = false } = options;
  await db.transaction(async (tx) => {
    const [operator, customer] = await tx
      .insert(users)
      .values(
        await Promise.all(
          DEMO_ACCOUNTS.map(async (a) => ({
            username: a.username,
            phone: toE164(a.phone),
            email: `${a.username}@example.com`,
            role: a.role as 'operator' | 'customer',
            passwordHash: await hashPassword(a.password),
            // The demo's own numbers count as confirmed (ADR 0189): their alerts are texted.
            phoneConfirmedAt: new Date(),
          })),
        ),
      )
      .returning({ id: users.id });
    if (!operator || !customer) throw new Error('demo accounts were not created');
    await tx.insert(operatorSubscriptions).values({
      operatorId: operator.id,
      status: 'active',
      amountCents: SUBSCRIPTION_PRICE_CENTS,
      provider: 'offline',
      currentPeriodEnd: addOneMonth(new Date()),
      // Stripe's test Visa on file, so the built-in provider renews the demo every month.
      cardToken: 'tok_visa',
      cardLast4: '4242',
      cardBrand: 'visa',
    });
    if (payoutsConnected) {
      await tx.insert(payoutAccounts).values({ operatorId: operator.id, provider: 'offline', accountId: 'test_acct_demo', chargesEnabled: true });
    }
    for (const t of DEMO_TRUCKS) {
      const [truck] = await tx
        .insert(foodTrucks)
        .values({
          name: t.name,
          cuisine: t.cuisine,
          description: t.description,
          address: t.address,
          latitude: t.lat,
          longitude: t.lng,
          isOpen: t.isOpen,
          phone: toE164(t.phone),
          operatorId: operator.id,
          image: storage ? await storeFile(storage, tx, operator.id, await demoBanner(t.name, t.cuisine), 'banner') : null,
          features: DEMO_FEATURES[t.name]?.features ?? {},
          accessNote: DEMO_FEATURES[t.name]?.accessNote ?? null,
        })
        .returning({ id: foodTrucks.id });
      if (!truck) throw new Error('demo truck was not created');
      if (DEMO_FAVORITES.includes(t.name)) await tx.insert(userFavorites).values({ userId: customer.id, foodTruckId: truck.id });
      await tx.insert(menuItems).values(
        t.items.map(([name, price, category, description, available = true]) => ({
          foodTruckId: truck.id,
          name,
          priceCents: Math.round(price * 100),
          category,
          description,
          available,
          diets: DEMO_ITEM_LABELS[name]?.diets ?? {},
          allergens: DEMO_ITEM_LABELS[name]?.allergens ?? {},
        })),
      );
      const stops = (DEMO_STOPS[t.name] ?? []).flatMap(([weekdays, start, end, at]) =>
        weekdays.map((weekday) => ({
          foodTruckId: truck.id,
          kind: 'weekly',
          weekday,
          startMinute: minutesOf(start),
          endMinute: endMinuteOf(start, end),
          ...(at ? { address: at.address, latitude: at.lat, longitude: at.lng } : { address: t.address, latitude: t.lat, longitude: t.lng }),
        })),
      );
      if (stops.length > 0) await tx.insert(truckScheduleStops).values(stops);
    }
    await seedDemoLandmarks(tx);
  });
}

/** The demo city's landmarks, when the table has none (an administrator's own stay as they are). */
export async function seedDemoLandmarks(db: DbOrTx): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(landmarks);
  if (n > 0) return;
  await db
    .insert(landmarks)
    .values(DEMO_LANDMARKS.map((l) => ({ name: l.name, aliases: l.aliases, latitude: l.lat, longitude: l.lng })))
    .onConflictDoNothing();
}
