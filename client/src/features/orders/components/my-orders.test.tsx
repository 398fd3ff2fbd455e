import type { Order } from '@shared/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '@client/test/render-app';
import { MyOrders } from './my-orders';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** GET /api/orders answers `reply`; anything else is a 404. */
const answer = (reply: { status?: number; body: unknown }) =>
  vi.stubGlobal('fetch', stubFetch((url) => (url === '/api/orders' ? reply : undefined)).fetch);

const at = (iso: string) => new Date(iso).toISOString();
const order = (id: number, status: Order['status'], over: Partial<Order> = {}): Order => ({
  id,
  number: String(id),
  foodTruckId: 3,
  truckName: 'Taco Truck',
  status,
  lines: [
    { menuItemId: 1, name: 'Taco', unitCents: 350, quantity: 2 },
    { menuItemId: 2, name: 'Elote', unitCents: 500, quantity: 1 },
  ],
  subtotalCents: 1200,
  totalCents: 1200,
  currency: 'usd',
  note: null,
  pickupAt: null,
  estimatedReadyAt: at('2026-12-06T12:30:00'),
  cardBrand: 'visa',
  cardLast4: '4242',
  refusalReason: null,
  refund: null,
  customerName: 'Diner',
  createdAt: at('2026-12-06T12:10:00'),
  updatedAt: at('2026-12-06T12:25:00'),
  ...over,
});

describe('MyOrders', () => {
  it('lists the orders still to come first, then the past ones, each a link to its live page', async () => {
    answer({ body: [order(9, 'ready'), order(8, 'received', { truckName: 'Burger Bus' }), order(7, 'picked_up'), order(6, 'refused')] });
    renderApp(<MyOrders />);
    const now = await screen.findByRole('region', { name: 'In progress' });
    const past = screen.getByRole('region', { name: 'Past orders' });
    expect(within(now).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/orders/9', '/orders/8']);
    expect(within(past).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/orders/7', '/orders/6']);
    const ready = screen.getByTestId('my-order-9');
    expect(ready).toHaveTextContent('Order number 9');
    expect(ready).toHaveTextContent('Ready');
    expect(ready).toHaveTextContent(/Ready since \d{1,2}:\d\d/);
    expect(ready).toHaveTextContent('3 items · $12.00');
    expect(screen.getByTestId('my-order-8')).toHaveTextContent(/Burger Bus.*Received.*Estimated ready at/);
    expect(screen.getByTestId('my-order-6')).toHaveTextContent(/Refused.*Ordered Dec 6/);
  });

  it('with no orders, says how to place one', async () => {
    answer({ body: [] });
    renderApp(<MyOrders />);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Food Trucks' })).toHaveAttribute('href', '/find-trucks');
  });

  it('says so when the list cannot be loaded', async () => {
    answer({ status: 500, body: { message: 'Something went wrong' } });
    renderApp(<MyOrders />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
