import { describe, expect, it } from 'vitest';
import { orderRefusedSmsBody } from './order-notices';

const order = { id: 12, customerId: 1, foodTruckId: 3, truckName: 'Taco Libre', totalCents: 1100, currency: 'usd' };

describe("a refused order's text (ADR 0192)", () => {
  it("gives the truck's reason as a sentence, the refund and the order's link", () => {
    expect(orderRefusedSmsBody({ ...order, refusalReason: 'Sold out of brisket' }, 'https://ftf.example')).toBe(
      'Taco Libre could not take your order 12: Sold out of brisket. $11.00 is refunded in full to your card.\nhttps://ftf.example/orders/12',
    );
  });

  it('keeps a reason that already ends a sentence, and says no reason when there is none', () => {
    expect(orderRefusedSmsBody({ ...order, refusalReason: ' We ran out of gas! ' }, 'https://x').split('\n')[0]).toBe(
      'Taco Libre could not take your order 12: We ran out of gas! $11.00 is refunded in full to your card.',
    );
    expect(orderRefusedSmsBody({ ...order, refusalReason: '   ' }, 'https://x').split('\n')[0]).toBe(
      'Taco Libre could not take your order 12. $11.00 is refunded in full to your card.',
    );
  });
});
