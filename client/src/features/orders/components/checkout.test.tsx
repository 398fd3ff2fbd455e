import type { MenuItem, Order, TruckOrdering } from '@shared/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@client/test/intersection-observer';
import { renderApp } from '@client/test/render-app';
import { useState } from 'react';
import { Checkout, EMPTY_DRAFT, type CheckoutDraft } from './checkout';
import { OrderStatusView } from './order-status';
import { makeOrder } from '@client/test/orders';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const item = (id: number, name: string, price: number, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  foodTruckId: 3,
  name,
  description: null,
  price,
  category: 'Main Dishes',
  available: true,
  image: null,
  diets: {},
  allergens: {},
  soldOutToday: false,
  stockLeft: null,
  ...extra,
});
const ORDERING: TruckOrdering = {
  accepting: true,
  reason: null,
  estimatedWaitMinutes: 10,
  latestPickupAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  paymentMode: 'test',
};
const ORDER: Order = makeOrder();

describe('Checkout', () => {
  it('keeps the cart, pickup and note in a parent’s draft: the form unmounting (ordering paused) loses nothing', () => {
    function Parent() {
      const draft = useState<CheckoutDraft>(EMPTY_DRAFT);
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((v) => !v)}>
            toggle
          </button>
          {shown && (
            <Checkout
              truck={{ id: 3, name: 'Taco Truck' }}
              items={[item(1, 'Taco', 3.5)]}
              ordering={ORDERING}
              draft={draft}
            />
          )}
        </>
      );
    }
    renderApp(<Parent />, { path: '/order/3' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Taco' }));
    fireEvent.change(screen.getByLabelText(/Note/), { target: { value: 'No onions' } });
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent('$3.50');
    expect(screen.getByLabelText(/Note/)).toHaveValue('No onions');
  });

  it('totals the cart from the menu, leaves sold-out dishes out, and retries a declined payment under the same Idempotency-Key', async () => {
    const posts: { key: string | null; body: unknown }[] = [];
    let answer: { status: number; body: unknown } = {
      status: 402,
      body: { message: 'Your card was declined.' },
    };
    vi.stubGlobal('fetch', (async (_input: RequestInfo | URL, init?: RequestInit) => {
      posts.push({
        key: new Headers(init?.headers).get('Idempotency-Key'),
        body: JSON.parse(String(init?.body)),
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as typeof fetch);
    const view = renderApp(
      <Checkout
        truck={{ id: 3, name: 'Taco Truck' }}
        items={[item(1, 'Taco', 3.5), item(2, 'Elote', 4, { soldOutToday: true })]}
        ordering={ORDERING}
      />,
      { path: '/order/3' },
    );
    expect(screen.queryByRole('button', { name: 'Add Elote' })).not.toBeInTheDocument();
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Taco' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Taco' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent('$7.00');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/40' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $7.00 and order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');

    answer = { status: 201, body: ORDER };
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $7.00 and order' }));
    await waitFor(() => expect(view.currentPath()).toBe('/orders/41'));
    // In the checkout's place: Back does not return to an empty order form.
    expect(view.location.history).toEqual(['/orders/41']);
    expect(posts).toHaveLength(2);
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(posts[1]?.body).toMatchObject({
      foodTruckId: 3,
      items: [{ menuItemId: 1, quantity: 2 }],
      pickup: 'asap',
    });
  });
  it('says what the truck’s menu says of each dish: its description, diets and allergens, and a clash with the diner’s saved needs', () => {
    renderApp(
      <Checkout
        truck={{ id: 3, name: 'Taco Truck' }}
        items={[
          item(1, 'Satay Bowl', 9, { description: 'Tofu, peanut sauce, rice', diets: { vegan: true }, allergens: { peanuts: 'contains' } }),
          item(2, 'Elote', 4, { soldOutToday: true, diets: { vegetarian: true } }),
        ]}
        ordering={ORDERING}
        needs={{ diets: [], avoid: ['peanuts'] }}
      />,
      { path: '/order/3' },
    );
    const bowl = screen.getByText('Satay Bowl').closest('li')!;
    expect(bowl).toHaveTextContent('Tofu, peanut sauce, rice');
    expect(bowl).toHaveTextContent('Vegan');
    expect(bowl).toHaveTextContent('Contains peanuts');
    expect(bowl).toHaveTextContent('Not for your needs: Contains peanuts');
    // "Sold out" once, not again as a label.
    const elote = screen.getByText('Elote').closest('li')!;
    expect(elote).toHaveTextContent('Vegetarian');
    expect(elote.textContent?.match(/Sold out/g)).toHaveLength(1);
  });

  it('on a phone, says what is in the cart at the screen\'s foot while the order is out of sight, and takes the diner to it', () => {
    const sight = stubIntersectionObserver();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderApp(<Checkout truck={{ id: 3, name: 'Taco Truck' }} items={[item(1, 'Taco', 3.5), item(2, 'Elote', 4)]} ordering={ORDERING} />, {
      path: '/order/3',
    });
    const heading = screen.getByRole('heading', { name: 'Your order' });
    const summary = heading.parentElement!;
    // Counted in sight a bar's height before it is: the bar never covers the menu's last dish.
    expect(sight.options.at(-1)).toEqual({ rootMargin: '0px 0px 80px 0px' });
    sight.takeOutOfSight(summary);
    // An empty cart has nothing to show.
    expect(screen.queryByTestId('cart-bar')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Taco' }));
    expect(screen.getByRole('button', { name: 'View order: 1 item, $3.50' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Taco' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Elote' }));
    fireEvent.click(screen.getByRole('button', { name: 'View order: 3 items, $11.00' }));
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(heading).toHaveFocus();
    // The order in sight: the bar goes, so it never covers the Pay button.
    sight.bringIntoSight(summary);
    expect(screen.queryByTestId('cart-bar')).not.toBeInTheDocument();
  });
});

describe('OrderStatusView', () => {
  it('shows the number, the status and, for a refused order, the refund', () => {
    const refused: Order = {
      ...ORDER,
      status: 'refused',
      refusalReason: 'Out of tortillas',
      refund: { amountCents: 700, reason: 'refused', createdAt: new Date().toISOString() },
    };
    renderApp(<OrderStatusView order={refused} canCancel />);
    expect(screen.getByTestId('order-number')).toHaveTextContent('41');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Refused');
    expect(screen.getByTestId('order-refund')).toHaveTextContent('Refunded $7.00');
    expect(screen.getByTestId('order-refund')).toHaveTextContent('Reason: Out of tortillas');
    expect(screen.queryByRole('button', { name: 'Cancel order and refund' })).not.toBeInTheDocument();
  });

  it('lets the diner cancel an order awaiting payment, and then says nothing was charged', async () => {
    const awaiting: Order = { ...ORDER, status: 'awaiting_payment', cardBrand: null, cardLast4: null };
    const calls: string[] = [];
    vi.stubGlobal('fetch', (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return new Response(JSON.stringify({ ...awaiting, status: 'cancelled' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as typeof fetch);
    const view = renderApp(<OrderStatusView order={awaiting} canCancel />);
    expect(screen.getByText('To pay')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order and refund' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    // Asked first: keeping the order sends nothing.
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Nothing has been charged.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).not.toContain('POST /api/orders/41/cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(calls).toContain('POST /api/orders/41/cancel'));

    view.unmount();
    renderApp(<OrderStatusView order={{ ...awaiting, status: 'cancelled' }} canCancel />);
    expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(
      screen.getByText('This order was cancelled before you paid: nothing was charged.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not charged')).toBeInTheDocument();
    expect(screen.queryByTestId('order-refund')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
  });
});
