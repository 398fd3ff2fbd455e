import type { FoodTruck } from '@shared/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_CLOSED, HEARTBEAT_ELSEWHERE } from '@shared/constants';
import { dismiss } from '@client/lib/toast';
import { queryKeys } from '@client/lib/query-keys';
import { OPERATOR, renderApp, stubFetch } from '@client/test/render-app';
import CreateTruckPage from './create-truck';
import EditTruckPage from './edit-truck';
import MenuManagementPage from './menu-management';
import OperatorDashboardPage from './operator-dashboard';
import { Route } from 'wouter';

// Leaflet does not run in jsdom: the place picker's map is a stand-in (e2e/places.spec.ts drives the real one).
vi.mock('@client/entities/place/place-map', () => ({ default: () => <div data-testid="place-map" /> }));

afterEach(() => vi.unstubAllGlobals());

const truck: FoodTruck = {
  id: 3,
  name: 'Taco Libre',
  description: 'Street tacos',
  cuisine: 'Mexican',
  operatorId: OPERATOR.id,
  latitude: 30.26,
  longitude: -97.72,
  address: '1300 E 6th St',
  isOpen: true,
  phone: '(512) 555-0112',
  image: null,
  gallery: [],
  menuDocuments: [],
  smsMessage: 'open',
  lastUpdated: '2026-01-01T12:00:00.000Z',
  rating: null,
};

function useApi(routes: Record<string, unknown>) {
  const stub = stubFetch((url, init) => {
    if (url === '/api/auth/me') return { body: OPERATOR };
    const key = `${init?.method ?? 'GET'} ${url}`;
    return key in routes ? { body: routes[key] } : undefined;
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

function denyLocation() {
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: { query: async () => Object.assign(new EventTarget(), { state: 'denied' }) },
  });
}

describe('operator screens are for operators', () => {
  it('sends anonymous visitors to /login, to come back after signing in', () => {
    useApi({});
    const { location } = renderApp(<OperatorDashboardPage />, { path: '/operator-dashboard' });
    expect(location.history.at(-1)).toBe('/login?next=%2Foperator-dashboard');
  });
  it('sends customers to /find-trucks', () => {
    useApi({});
    const { location } = renderApp(<CreateTruckPage />, {
      path: '/create-truck',
      user: { ...OPERATOR, role: 'customer' },
    });
    expect(location.history.at(-1)).toBe('/find-trucks');
  });
});

describe('Operator dashboard', () => {
  it('welcomes an operator without trucks', async () => {
    useApi({ [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [] });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    expect(screen.getByText('Loading your dashboard...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Food Truck' })).toHaveAttribute(
      'href',
      '/create-truck',
    );
  });

  it('back from Stripe after paying: says the subscription is active once, and takes Stripe\'s words off the address', async () => {
    useApi({ [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [] });
    window.history.replaceState(null, '', '/operator-dashboard?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=succeeded');
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    expect(await screen.findByText('Subscription active')).toBeInTheDocument();
    expect(screen.getByText('Thank you! Your trucks can now open for diners.')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/operator-dashboard');
  });

  it('back from Stripe without paying: no word of a subscription, and the address made plain', async () => {
    dismiss(); // the store of toasts outlives a test
    useApi({ [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [] });
    window.history.replaceState(null, '', '/operator-dashboard?payment_intent=pi_1&redirect_status=failed');
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    expect(await screen.findByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Subscription active')).not.toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('shows the subscription banner and the trucks together, so neither pushes the other down', async () => {
    let answerStatus: (res: Response) => void = () => {};
    const stub = stubFetch((url) => {
      if (url === '/api/auth/me') return { body: OPERATOR };
      if (url === `/api/operators/${OPERATOR.id}/food-trucks`) return { body: [truck] };
      return undefined;
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/subscription-status'
        ? new Promise<Response>((resolve) => (answerStatus = resolve))
        : stub.fetch(input, init),
    );
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    await waitFor(() =>
      expect(stub.calls.some((c) => c.url === `/api/operators/${OPERATOR.id}/food-trucks`)).toBe(true),
    );
    // The trucks have arrived, the subscription has not: still one loading state.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Loading your dashboard...')).toBeInTheDocument();
    expect(screen.queryByText(truck.name)).not.toBeInTheDocument();
    answerStatus(
      new Response(
        JSON.stringify({
          hasSubscription: false,
          isOperator: true,
          status: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
        }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
    );
    expect(await screen.findByRole('region', { name: 'Subscription' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: truck.name })).toBeInTheDocument();
  });

  it('shows a truck card with its status, links and live badge', async () => {
    useApi({ [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [truck] });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    expect(await screen.findByRole('heading', { name: 'Taco Libre' })).toBeInTheDocument();
    expect(screen.getByText('Mexican Cuisine')).toBeInTheDocument();
    expect(screen.getByText('Live Location Active')).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Menu of Taco Libre' })).toHaveAttribute(
      'href',
      '/menu-management/3',
    );
    expect(screen.getByRole('link', { name: 'Edit Taco Libre' })).toHaveAttribute('href', '/edit-truck/3');
    expect(screen.getByRole('link', { name: 'Add Another Food Truck' })).toHaveAttribute(
      'href',
      '/create-truck',
    );
    expect(screen.getByRole('button', { name: 'Close for the Day' })).toBeEnabled();
  });

  it("says on a truck's Orders how many orders wait to be accepted, or are in progress", async () => {
    const second = { ...truck, id: 4, name: 'Burger Bus' };
    const third = { ...truck, id: 5, name: 'Pho Real' };
    useApi({
      [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [truck, second, third],
      'GET /api/operator/orders/counts': [
        { foodTruckId: 3, received: 2, active: 3 },
        { foodTruckId: 4, received: 0, active: 1 },
      ],
    });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    expect(await screen.findByRole('link', { name: 'Orders of Taco Libre, 2 new' })).toHaveAttribute('href', '/operator/orders/3');
    expect(screen.getByRole('link', { name: 'Orders of Burger Bus, 1 in progress' })).toHaveAttribute('href', '/operator/orders/4');
    expect(screen.getByRole('link', { name: 'Orders of Pho Real' })).toBeInTheDocument();
    // The list of trucks at the top says it too.
    const fleet = screen.getByRole('navigation', { name: /Your trucks/ });
    expect(within(fleet).getByRole('link', { name: /Taco Libre/ })).toHaveTextContent('2 new orders');
    expect(within(fleet).getByRole('link', { name: /Burger Bus/ })).toHaveTextContent('1 in progress');
    expect(within(fleet).getByRole('link', { name: /Pho Real/ })).not.toHaveTextContent(/new|in progress/);
  });

  it('disables Open for Business while location permission is denied', async () => {
    denyLocation();
    useApi({ [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [{ ...truck, isOpen: false }] });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    // The notice is in the server's frame of the screen (hidden until denied): it shows once the
    // browser has answered, and the button is disabled in the same render.
    const notice = screen.getByText('Location access denied. Please enable location permissions.');
    await waitFor(() => expect(notice).toBeVisible());
    expect(await screen.findByRole('button', { name: 'Open for Business' })).toBeDisabled();
  });
});

describe('Still here and scheduled stops on the dashboard', () => {
  const underWay = {
    stopId: 9,
    kind: 'weekly' as const,
    start: new Date(Date.now() - 3_600_000).toISOString(),
    end: new Date(Date.now() + 3_600_000).toISOString(),
    localDate: '2026-01-01',
    weekday: 4,
    startTime: '11:00',
    endTime: '14:00',
    latitude: 30.2686,
    longitude: -97.7452,
    address: '6th & Congress',
  };
  const schedule = (current: typeof underWay | null) => ({ truckId: 3, timeZone: 'America/Chicago', stops: [], underWay: current });

  it("keeps an open truck open with the device's position where location is allowed, and none for a closed one", async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      permissions: { query: async () => Object.assign(new EventTarget(), { state: 'granted' }) },
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 30.2601, longitude: -97.7201 } } as GeolocationPosition),
      },
    });
    const api = useApi({
      [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [truck, { ...truck, id: 4, name: 'Closed Truck', isOpen: false }],
      'POST /api/food-trucks/3/heartbeat': truck,
    });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    expect(await screen.findByRole('heading', { name: 'Closed Truck' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/food-trucks/3/heartbeat')).toBe(true));
    expect(api.calls.find((c) => c.url === '/api/food-trucks/3/heartbeat')?.body).toEqual({ latitude: 30.2601, longitude: -97.7201 });
    expect(api.calls.some((c) => c.url === '/api/food-trucks/4/heartbeat')).toBe(false);
  });

  it.each([
    ['elsewhere', HEARTBEAT_ELSEWHERE, false],
    ['closed', HEARTBEAT_CLOSED, true],
  ])('a heartbeat refused because the truck is %s: the truck lists are read again only for a closed truck', async (_, message, reread) => {
    vi.stubGlobal('navigator', {
      ...navigator,
      permissions: { query: async () => Object.assign(new EventTarget(), { state: 'granted' }) },
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 30.3, longitude: -97.8 } } as GeolocationPosition) },
    });
    const stub = stubFetch((url, init) => {
      if (url === '/api/auth/me') return { body: OPERATOR };
      if (url === `/api/operators/${OPERATOR.id}/food-trucks`) return { body: [truck] };
      if (url === '/api/food-trucks/3/heartbeat' && init?.method === 'POST') return { status: 409, body: { message } };
      return undefined;
    });
    vi.stubGlobal('fetch', stub.fetch);
    const { queryClient } = renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(stub.calls.some((c) => c.url === '/api/food-trucks/3/heartbeat')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(invalidate.mock.calls.some(([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(queryKeys.operators))).toBe(reread);
  });

  it("sends no heartbeat by itself without the device's position (issue 24); 'Still here' confirms explicitly", async () => {
    denyLocation();
    const api = useApi({
      [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [truck],
      'POST /api/food-trucks/3/heartbeat': truck,
    });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Taco Libre is still here' }));
    expect(await screen.findByText('Taco Libre stays open.')).toBeInTheDocument();
    const beats = api.calls.filter((c) => c.url === '/api/food-trucks/3/heartbeat');
    expect(beats.map((c) => c.body)).toEqual([{ confirmed: true }]);
  });

  it("offers the stop under way: 'Use this stop's place' for an open truck, 'Open at this stop' for a closed one", async () => {
    const api = useApi({
      [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [truck, { ...truck, id: 4, name: 'Closed Truck', isOpen: false }],
      'GET /api/food-trucks/3/schedule/stops': schedule(underWay),
      'GET /api/food-trucks/4/schedule/stops': schedule({ ...underWay, stopId: 10 }),
      'POST /api/food-trucks/3/schedule/stops/9/take-place': { ...truck, ...underWay },
      'POST /api/food-trucks/4/schedule/stops/10/take-place': { ...truck, id: 4, ...underWay },
    });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    fireEvent.click(await screen.findByRole('button', { name: "Use this stop's place" }));
    expect(await screen.findByText('Location updated')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/food-trucks/3/schedule/stops/9/take-place')?.body).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'Open at this stop' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/api/food-trucks/4/schedule/stops/10/take-place')?.body).toEqual({ open: true }),
    );
  });

  it('offers nothing when no stop is under way', async () => {
    const api = useApi({
      [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [truck],
      'GET /api/food-trucks/3/schedule/stops': schedule(null),
    });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    expect(await screen.findByRole('heading', { name: 'Taco Libre' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/food-trucks/3/schedule/stops')).toBe(true));
    expect(screen.queryByTestId('stop-place')).not.toBeInTheDocument();
  });
});

describe('Open for Business', () => {
  function stubGeolocation(result: { coords: { latitude: number; longitude: number } } | { code: number }) {
    const getCurrentPosition = vi.fn(
      (ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) => {
        void options;
        if ('coords' in result) ok(result as GeolocationPosition);
        else fail(result as GeolocationPositionError);
      },
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    return getCurrentPosition;
  }

  it('sends the device position taken with the spec settings, and shows a 402 message linking /subscribe', async () => {
    const getCurrentPosition = stubGeolocation({ coords: { latitude: 30.1, longitude: -97.2 } });
    const stub = stubFetch((url) => {
      if (url === '/api/auth/me') return { body: OPERATOR };
      if (url === `/api/operators/${OPERATOR.id}/food-trucks`) return { body: [{ ...truck, isOpen: false }] };
      if (url === '/api/food-trucks/3/open') {
        return {
          status: 402,
          body: { message: 'An active subscription is required. Subscribe at /subscribe.' },
        };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Open for Business' }));
    expect(await screen.findByText('Failed to open for business')).toBeInTheDocument();
    const message = screen.getByText(/^An active subscription is required\. Subscribe at\s*\.$/);
    expect(message).toHaveTextContent('An active subscription is required. Subscribe at /subscribe.');
    expect(within(message).getByRole('link', { name: '/subscribe' })).toHaveAttribute('href', '/subscribe');
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 60_000,
    });
    expect(stub.calls.find((c) => c.url === '/api/food-trucks/3/open')?.body).toEqual({
      latitude: 30.1,
      longitude: -97.2,
    });
  });

  it('says why the position is missing', async () => {
    stubGeolocation({ code: 3 });
    const api = useApi({ [`GET /api/operators/${OPERATOR.id}/food-trucks`]: [{ ...truck, isOpen: false }] });
    renderApp(<OperatorDashboardPage />, { user: OPERATOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Open for Business' }));
    expect(await screen.findByText('Location Error')).toBeInTheDocument();
    expect(screen.getByText('Location request timed out.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/open'))).toBe(false);
  });
});

describe('Create Food Truck', () => {
  it('requires a name and a cuisine, with the spec messages', async () => {
    const api = useApi({});
    renderApp(<CreateTruckPage />, { user: OPERATOR });
    fireEvent.click(screen.getByRole('button', { name: 'Create Food Truck' }));
    expect(await screen.findByText('Truck name is required')).toBeInTheDocument();
    expect(screen.getByText('Cuisine type is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("takes the edit screen's photo rule: the 50MB hint, and a photo over 50 MB refused with the edit screen's message", async () => {
    useApi({});
    renderApp(<CreateTruckPage />, { user: OPERATOR });
    expect(screen.getByText('JPG, PNG or WebP, max 50MB')).toBeInTheDocument();
    const sized = (bytes: number) => {
      const f = new File([new Uint8Array(1)], 'photo.png', { type: 'image/png' });
      Object.defineProperty(f, 'size', { value: bytes });
      return f;
    };
    fireEvent.change(screen.getByLabelText('Truck image file'), { target: { files: [sized(50 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please upload images smaller than 50MB')).toBeInTheDocument();
  });

  it('creates the truck, says so and returns to the dashboard', async () => {
    const api = useApi({ 'POST /api/food-trucks': truck });
    const { location } = renderApp(<CreateTruckPage />, { path: '/create-truck', user: OPERATOR });
    fireEvent.change(screen.getByLabelText('Truck Name'), { target: { value: 'Taco Libre' } });
    fireEvent.change(screen.getByLabelText('Cuisine Type'), { target: { value: 'Mexican' } });
    fireEvent.change(screen.getByLabelText('Base Address'), { target: { value: '1300 E 6th St' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Food Truck' }));
    expect(await screen.findByText('Food truck created')).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/operator-dashboard'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Taco Libre',
      cuisine: 'Mexican',
      address: '1300 E 6th St',
      image: null,
    });
  });

  it('shows the server message when creation fails', async () => {
    const stub = stubFetch((url) =>
      url === '/api/food-trucks'
        ? { status: 400, body: { message: 'Name taken' } }
        : url === '/api/auth/me'
          ? { body: OPERATOR }
          : undefined,
    );
    vi.stubGlobal('fetch', stub.fetch);
    renderApp(<CreateTruckPage />, { user: OPERATOR });
    fireEvent.change(screen.getByLabelText('Truck Name'), { target: { value: 'X' } });
    fireEvent.change(screen.getByLabelText('Cuisine Type'), { target: { value: 'BBQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Food Truck' }));
    expect(await screen.findByText('Creation failed')).toBeInTheDocument();
    expect(screen.getByText('Name taken')).toBeInTheDocument();
  });
});

describe('Edit truck', () => {
  const renderEdit = (path: string) =>
    renderApp(
      <Route path="/edit-truck/:truckId">
        <EditTruckPage />
      </Route>,
      { path, user: OPERATOR },
    );

  it('shows the not-found state for an unknown truck', async () => {
    useApi({});
    renderEdit('/edit-truck/99');
    expect(await screen.findByRole('heading', { name: 'Food Truck Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The food truck you're looking for doesn't exist.")).toBeInTheDocument();
  });

  it('shows the stored phone in the one display format, as the dashboard does', async () => {
    useApi({ 'GET /api/food-trucks/3': { ...truck, phone: '+15125550111' } });
    renderEdit('/edit-truck/3');
    expect(await screen.findByLabelText('Phone Number')).toHaveValue('512-555-0111');
  });

  it('keeps the name required and sends the held media with Save Changes', async () => {
    const api = useApi({
      'GET /api/food-trucks/3': {
        ...truck,
        image: '/objects/banner',
        gallery: ['/objects/g1', '/objects/g2'],
      },
      'PATCH /api/food-trucks/3': truck,
    });
    renderEdit('/edit-truck/3');
    const name = await screen.findByLabelText('Truck Name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Truck name is required')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: 'Taco Libre 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Banner Photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Gallery photo 1' }));
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Truck updated')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      name: 'Taco Libre 2',
      image: null,
      gallery: ['/objects/g2'],
      menuDocuments: [],
    });
  });
});

describe('Menu management', () => {
  const renderMenu = (path: string) =>
    renderApp(
      <Route path="/menu-management/:truckId">
        <MenuManagementPage />
      </Route>,
      { path, user: OPERATOR },
    );

  it('rejects an invalid truck id', () => {
    useApi({});
    renderMenu('/menu-management/abc');
    expect(screen.getByRole('heading', { name: 'Invalid Truck ID' })).toBeInTheDocument();
  });

  it("says Truck Not Found for another operator's truck", async () => {
    useApi({ 'GET /api/food-trucks/3': { ...truck, operatorId: 999 } });
    renderMenu('/menu-management/3');
    expect(await screen.findByRole('heading', { name: 'Truck Not Found' })).toBeInTheDocument();
  });

  it('shows stats and filters by category', async () => {
    const item = { foodTruckId: 3, description: null, image: null, diets: {}, allergens: {}, soldOutToday: false, stockLeft: null };
    useApi({
      'GET /api/food-trucks/3': truck,
      'GET /api/food-trucks/3/menu': [
        { ...item, id: 1, name: 'Taco', price: 4, category: 'Main Dishes', available: true },
        { ...item, id: 2, name: 'Elote', price: 5, category: 'Sides', available: false },
      ],
    });
    renderMenu('/menu-management/3');
    expect(await screen.findByRole('heading', { name: 'Taco' })).toBeInTheDocument();
    expect(screen.getByText('$4.50')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sides (1)' }));
    expect(screen.queryByRole('heading', { name: 'Taco' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Elote' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All (2)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("reads a price typed with a decimal comma as dollars and cents, and shows what it saves before saving", async () => {
    const stub = useApi({
      'GET /api/food-trucks/3': truck,
      'GET /api/food-trucks/3/menu': [],
      'POST /api/menu-items': { id: 9, foodTruckId: 3, name: 'Horchata', price: 2.5, description: null, category: null, available: true, image: null },
    });
    // The dialog's switch measures itself (Radix); jsdom has no ResizeObserver.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    renderMenu('/menu-management/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Menu Item' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Menu Item' }));
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Horchata' } });
    fireEvent.change(dialog.getByLabelText('Price ($)'), { target: { value: '2,50' } });
    expect(dialog.getByText('Saves as $2.50')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(stub.calls.some((c) => c.url === '/api/menu-items')).toBe(true));
    expect(stub.calls.find((c) => c.url === '/api/menu-items')?.body).toMatchObject({ name: 'Horchata', price: 2.5 });
  });
});
