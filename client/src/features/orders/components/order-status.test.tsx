import type { Order } from '@shared/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@client/test/orders';
import { renderApp } from '@client/test/render-app';
import { clockTime, OrderStatusView, UnansweredNotice } from './order-status';

afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;
const readyAt = new Date('2026-12-06T12:30:00');
const order = (status: Order['status']): Order =>
  makeOrder({
    id: 7,
    status,
    estimatedReadyAt: readyAt.toISOString(),
    createdAt: new Date(readyAt.getTime() - 10 * MINUTE).toISOString(),
    updatedAt: new Date(readyAt.getTime() - 10 * MINUTE).toISOString(),
  });

/** The page (or a ticket) as it reads `minutes` after the order's ready time. */
function at(minutes: number, ui: React.ReactElement) {
  vi.useFakeTimers({ now: readyAt.getTime() + minutes * MINUTE, toFake: ['Date'] });
  return renderApp(ui);
}

const deadline = clockTime(new Date(readyAt.getTime() + 15 * MINUTE));

describe('an order nobody has accepted (ADR 0191)', () => {
  it('before its ready time, says nothing of it', () => {
    at(-5, <OrderStatusView order={order('received')} canCancel />);
    expect(screen.queryByTestId('unanswered-notice')).not.toBeInTheDocument();
  });

  it('past its ready time, tells the diner by when it is refused and refunded if nobody accepts it', () => {
    at(2, <OrderStatusView order={order('received')} canCancel />);
    expect(screen.getByTestId('unanswered-notice')).toHaveTextContent(
      `Not accepted yet. If Taco Truck has not accepted it by ${deadline}, it is refused and refunded in full.`,
    );
  });

  it('tells the kitchen by when to accept it; an accepted order has no such line', () => {
    at(2, <UnansweredNotice order={order('received')} forKitchen />);
    expect(screen.getByTestId('unanswered-notice')).toHaveTextContent(`Accept it by ${deadline}, or it is refused and refunded automatically.`);
  });

  it('once accepted, says nothing of it', () => {
    at(2, <UnansweredNotice order={order('preparing')} forKitchen />);
    expect(screen.queryByTestId('unanswered-notice')).not.toBeInTheDocument();
  });
});
