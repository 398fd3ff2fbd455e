import type { FoodTruck, MenuItem } from '@shared/contracts';
import type { QueryClient} from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TruckStreamProvider } from '@client/entities/truck/truck-stream-provider';
import { LOCATION_ALERTS } from '@client/lib/geolocation';
import { AuthProvider } from '@client/lib/auth';
import { createQueryClient } from '@client/lib/query-client';
import { makeTruck } from '@client/test/trucks';
import FindTrucksPage from './find-trucks';

vi.mock('@client/features/map/components/truck-map', () => ({
  default: ({ trucks, focusTruckId }: { trucks: FoodTruck[]; focusTruckId: number | null }) => (
    <div data-testid="map">
      {trucks.length} markers, focus {String(focusTruckId)}
    </div>
  ),
}));

const trucks = [
  makeTruck({ id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ', address: '1100 S Congress Ave', isOpen: true }),
  makeTruck({ id: 2, name: 'Taco Libre', cuisine: 'Mexican', isOpen: false, menuDocuments: ['/objects/menu1', '/objects/menu2.pdf'] }),
  makeTruck({ id: 3, name: 'Roaming Pho', cuisine: 'Asian', address: null, latitude: null, longitude: null }),
];

type Handler = (url: string) => Response;
let handler: Handler;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setGeolocation(impl: Geolocation['getCurrentPosition'] | null) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: impl ? { getCurrentPosition: impl } : undefined,
  });
  if (!impl) Reflect.deleteProperty(navigator, 'geolocation');
}

/** The page's URL in the last renderPage: its history, and navigation from outside the page. */
let pageLocation: ReturnType<typeof memoryLocation<unknown>> & { history: string[] };

function renderPage(path = '/find-trucks', queryClient: QueryClient = createQueryClient()) {
  const [pathname, search = ''] = path.split('?');
  pageLocation = memoryLocation({ path: pathname, searchPath: search, record: true });
  const { hook, searchHook } = pageLocation;
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={hook} searchHook={searchHook}>
        <AuthProvider>
          <TruckStreamProvider>
            <FindTrucksPage />
          </TruckStreamProvider>
        </AuthProvider>
      </Router>
    </QueryClientProvider>,
  );
  return queryClient;
}

/** As the server answers: the list in its summary view, the whole truck (description, menu documents) by id (ADR 0120). */
function serveTrucks(url: string) {
  if (url.startsWith('/api/food-trucks/active')) {
    return json(
      trucks.map(({ id, name, cuisine, operatorId, latitude, longitude, address, isOpen, image, lastUpdated, rating }) => ({
        id, name, cuisine, operatorId, latitude, longitude, address, isOpen, image, lastUpdated, rating,
      })),
    );
  }
  if (url.startsWith('/api/food-trucks/search?')) return json({ ids: [], partial: false, dishes: {} });
  const whole = trucks.find((t) => url === `/api/food-trucks/${t.id}`);
  return whole ? json(whole) : json([]);
}

beforeEach(() => {
  handler = serveTrucks;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => handler(String(input))),
  );
  setGeolocation((_ok, fail) => fail?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/find-trucks', () => {
  it('shows the headers, 4 skeleton rows while loading, then the cards', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Find Food Trucks' })).toBeInTheDocument();
    expect(screen.getByText('Discover delicious meals from food trucks near you')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Food Trucks within 20 miles of You' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nearby Food Trucks' })).toBeInTheDocument();
    expect(screen.getAllByTestId('truck-skeleton')).toHaveLength(4);

    const card = await screen.findByTestId('truck-card-1');
    expect(within(card).getByText('OPEN')).toBeInTheDocument();
    expect(within(card).getByText('LIVE')).toBeInTheDocument();
    const closed = screen.getByTestId('truck-card-2');
    expect(within(closed).getByText('CLOSED')).toBeInTheDocument();
    expect(within(closed).queryByText('LIVE')).toBeNull();
    expect(within(screen.getByTestId('truck-card-3')).getAllByText('Location not available').length).toBeGreaterThan(0);
    // No fake rating numbers.
    expect(screen.queryByText('4.8')).toBeNull();
    expect(await screen.findByTestId('map')).toHaveTextContent('3 markers');
  });

  it('filters the list and the map by search, with an empty state and Clear search', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('truck-card-1');
    const box = screen.getByRole('searchbox', { name: 'Search food trucks' });
    await user.type(box, 'mexican');
    expect(screen.queryByTestId('truck-card-1')).toBeNull();
    expect(screen.getByTestId('truck-card-2')).toBeInTheDocument();
    expect(await screen.findByTestId('map')).toHaveTextContent('1 markers');

    await user.clear(box);
    await user.type(box, 'sushi');
    // Nothing on the cards: not "no match" until the server, which searches the menus too, says so.
    expect(screen.getByRole('list', { name: 'Searching food trucks' })).toBeInTheDocument();
    expect(screen.queryByText('No food trucks match your search.')).toBeNull();
    expect(await screen.findByText('No food trucks match your search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('keeps the search in the URL: opens ?q= searched, writes it once typing pauses, follows a new ?q=', async () => {
    const asked: string[] = [];
    handler = (url) => {
      if (!url.startsWith('/api/food-trucks/search?')) return serveTrucks(url);
      const q = new URLSearchParams(url.split('?')[1]).get('q') ?? '';
      asked.push(q);
      return q === 'brisket'
        ? json({ ids: [1], partial: false, dishes: { '1': ['Brisket Plate'] } })
        : json({ ids: [], partial: false, dishes: {} });
    };
    const user = userEvent.setup();
    renderPage('/find-trucks?q=brisket');
    const box = screen.getByRole('searchbox', { name: 'Search food trucks' });
    expect(box).toHaveValue('brisket');
    // Found through its menu, not its card's own fields.
    const card = await screen.findByTestId('truck-card-1');
    expect(await within(card).findByText(/Brisket Plate/)).toBeInTheDocument();
    expect(screen.queryByTestId('truck-card-2')).toBeNull();
    expect(asked).toEqual(['brisket']);
    expect(pageLocation.history).toEqual(['/find-trucks?q=brisket']);

    await user.clear(box);
    await user.type(box, 'mexican ');
    await waitFor(() => expect(pageLocation.history).toEqual(['/find-trucks?q=mexican']));
    expect(screen.getByTestId('truck-card-2')).toBeInTheDocument();

    // Another search opened from outside the page (a link): the box and the list follow it.
    act(() => pageLocation.navigate('/find-trucks?q=brisket'));
    await waitFor(() => expect(box).toHaveValue('brisket'));
    expect(await screen.findByTestId('truck-card-1')).toBeInTheDocument();
    expect(screen.queryByTestId('truck-card-2')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear search text' }));
    // The link's entry is replaced, not added to: Back still goes to the search before it.
    await waitFor(() => expect(pageLocation.history).toEqual(['/find-trucks?q=mexican', '/find-trucks']));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('expands one card at a time with ABOUT, DETAILS and Get Directions', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Smokestack BBQ' }));
    const first = screen.getByTestId('truck-card-1');
    expect(within(first).getByText('About')).toBeInTheDocument();
    // The list holds summaries: the description comes with the whole truck, fetched on expanding.
    expect(await within(first).findByText(trucks[0]!.description!)).toBeInTheDocument();
    expect(within(first).getByText('Open Now')).toBeInTheDocument();
    expect(within(first).getByText('GPS Active')).toBeInTheDocument();
    const link = within(first).getByRole('link', { name: /Get Directions/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('href')).toContain('https://www.google.com/maps/dir/?api=1&destination=');
    expect(within(first).getByRole('link', { name: 'Truck page of Smokestack BBQ' })).toHaveAttribute('href', '/trucks/1');

    await user.click(screen.getByText('Taco Libre'));
    expect(within(first).queryByText('About')).toBeNull();
    expect(screen.getByRole('button', { name: 'Taco Libre' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Smokestack BBQ' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the menu modal with documents and items, or the empty texts', async () => {
    const user = userEvent.setup();
    const items: MenuItem[] = [
      { id: 1, foodTruckId: 2, name: 'Al Pastor Taco', description: 'Pineapple', price: 3.5, category: 'Main Dishes', available: true, image: null, diets: {}, allergens: {}, soldOutToday: false, stockLeft: null },
    ];
    handler = (url) => (url === '/api/food-trucks/2/menu' ? json(items) : serveTrucks(url));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Menu of Taco Libre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Taco Libre - Menu' });
    // The dialog loads on demand (issue 33); its documents come with the whole truck, after it.
    expect(await within(dialog).findByRole('img', { name: 'Taco Libre menu, page 1' })).toHaveAttribute('src', '/objects/menu1');
    expect(within(dialog).getByRole('link', { name: /Menu document 2 \(PDF/ })).toHaveAttribute('href', '/objects/menu2.pdf');
    expect(await within(dialog).findByText('Al Pastor Taco')).toBeInTheDocument();
    expect(within(dialog).getByText('$3.50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Menu of Smokestack BBQ' }));
    const empty = await screen.findByRole('dialog', { name: 'Smokestack BBQ - Menu' });
    expect(await within(empty).findByText('No menu available')).toBeInTheDocument();
    expect(within(empty).getByText("The restaurant hasn't uploaded their menu yet.")).toBeInTheDocument();
  });

  it('shows the load failure and the no-trucks state', async () => {
    handler = () => json({ message: 'boom' }, 500);
    renderPage();
    expect(await screen.findByText('Failed to load food trucks. Please try again later.')).toBeInTheDocument();
  });

  it('shows "No active food trucks found." for an empty list', async () => {
    handler = () => json([]);
    renderPage();
    expect(await screen.findByText('No active food trucks found.')).toBeInTheDocument();
  });

  it('opens ?truck={id} expanded, first in the list, and focused on the map', async () => {
    renderPage('/find-trucks?truck=2');
    expect(await screen.findByRole('button', { name: 'Taco Libre' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByTestId('map')).toHaveTextContent('focus 2');
    // The diner came for it: its card leads, the rest keep their order (ADR 0183).
    expect(screen.getAllByRole('article').map((card) => card.dataset.testid)).toEqual([
      'truck-card-2',
      'truck-card-1',
      'truck-card-3',
    ]);
  });

  it('shows a location alert inline and dismisses it', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(LOCATION_ALERTS.denied)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss location message' }));
    expect(screen.queryByText(LOCATION_ALERTS.denied)).toBeNull();
  });

  it('says when geolocation is unsupported', async () => {
    setGeolocation(null);
    renderPage();
    expect(await screen.findByText('Geolocation is not supported by your browser.')).toBeInTheDocument();
  });

  it('with a position: asks for 20 miles, shows distances nearest first, and can show all trucks', async () => {
    const user = userEvent.setup();
    const near = trucks.map((t) => ({ ...t, distanceMiles: t.id }));
    const urls: string[] = [];
    handler = (url) => {
      urls.push(url);
      return json(url.includes('lat=') ? near.slice(0, 2) : trucks);
    };
    setGeolocation((ok) => ok({ coords: { latitude: 30.26721, longitude: -97.74312 } } as GeolocationPosition));
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('truck-distance').map((d) => d.textContent)).toEqual(['1.0 mi', '2.0 mi']));
    expect(urls).toContain('/api/food-trucks/active?view=summary&lat=30.267&lng=-97.743&radiusMiles=20');
    expect(screen.getByRole('heading', { name: 'Food Trucks within 20 miles of You' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all trucks' }));
    expect(await screen.findByRole('heading', { name: 'All Food Trucks' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(urls).toContain('/api/food-trucks/active?view=summary');
    await user.click(screen.getByRole('button', { name: 'Show trucks within 20 miles' }));
    expect(await screen.findByRole('heading', { name: 'Food Trucks within 20 miles of You' })).toBeInTheDocument();
  });

  it('far from every truck: the empty list says none is within 20 miles, and shows every truck from there', async () => {
    const user = userEvent.setup();
    handler = (url) => json(url.includes('lat=') ? [] : trucks);
    setGeolocation((ok) => ok({ coords: { latitude: 41.8781, longitude: -87.6298 } } as GeolocationPosition));
    renderPage();
    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('No active food trucks found.None within 20 miles of you.');
    await user.click(within(empty).getByRole('button', { name: 'Show all trucks' }));
    expect(await screen.findByRole('heading', { name: 'All Food Trucks' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it('a search the 20 miles hide says how many trucks farther away match, and shows them on request', async () => {
    const user = userEvent.setup();
    handler = (url) => {
      if (url.startsWith('/api/food-trucks/search?')) {
        // Roaming Pho is beyond the radius; "sushi" is nowhere.
        return json(url.endsWith('q=pho') ? { ids: [3], partial: false, dishes: {} } : { ids: [], partial: false, dishes: {} });
      }
      return json(url.includes('lat=') ? trucks.slice(0, 2).map((t) => ({ ...t, distanceMiles: t.id })) : trucks);
    };
    setGeolocation((ok) => ok({ coords: { latitude: 30.26721, longitude: -97.74312 } } as GeolocationPosition));
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('truck-distance')).toHaveLength(2));
    const box = screen.getByRole('searchbox', { name: 'Search food trucks' });
    await user.type(box, 'sushi');
    expect(await screen.findByText('No food trucks match your search.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show trucks farther away' })).toBeNull();

    await user.clear(box);
    await user.type(box, 'pho');
    const empty = await screen.findByTestId('search-empty');
    await waitFor(() =>
      expect(empty).toHaveTextContent('No food trucks within 20 miles match your search. 1 truck farther away does.'),
    );
    await user.click(within(empty).getByRole('button', { name: 'Show trucks farther away' }));
    expect(await screen.findByRole('heading', { name: 'All Food Trucks' })).toBeInTheDocument();
    expect(await screen.findByTestId('truck-card-3')).toBeInTheDocument();
    expect(box).toHaveValue('pho');
  });

  it('keeps the same truck objects when a refetch returns the same list (a 304)', async () => {
    const qc = renderPage();
    await screen.findByTestId('truck-card-1');
    const before = qc.getQueryData<FoodTruck[]>(['/api/food-trucks/active']);
    await qc.refetchQueries({ queryKey: ['/api/food-trucks/active'] });
    expect(qc.getQueryData(['/api/food-trucks/active'])).toBe(before);
  });
});
