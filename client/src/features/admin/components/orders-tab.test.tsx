import type { AdminRefund, PublicUser } from '@shared/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '@client/test/render-app';
import { OrdersTab } from './orders-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ADMIN: PublicUser = { id: 1, username: 'chief', email: null, phone: null, phoneConfirmed: false, role: 'admin' };
const refund = (id: number, reason: string, refusalReason: string | null): AdminRefund => ({
  id,
  orderId: 100 + id,
  truckName: 'Taco Libre',
  amountCents: 1100,
  currency: 'usd',
  reason,
  refusalReason,
  provider: 'offline',
  providerRefundId: `test_re_${id}`,
  createdAt: '2026-12-07T15:00:00.000Z',
});

describe('Orders tab: refunds', () => {
  it('says why each refund was made in words, with the truck’s own reason when it gave one', async () => {
    const stub = stubFetch((url) =>
      url.startsWith('/api/admin/refunds')
        ? {
            body: [
              refund(1, 'refused', 'Sold out of brisket'),
              refund(2, 'cancelled', null),
              refund(3, 'admin', null),
              refund(4, 'unanswered', 'Not accepted in time'),
            ],
          }
        : { body: [] },
    );
    vi.stubGlobal('fetch', stub.fetch);
    renderApp(<OrdersTab />, { path: '/admin', user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Newest refunds' });
    const why = (refundId: string) => within(table).getByText(refundId).closest('tr')?.querySelectorAll('td')[4]?.textContent;
    await within(table).findByText('test_re_1');
    expect(why('test_re_1')).toBe('Refused by the truck“Sold out of brisket”');
    expect(why('test_re_2')).toBe('Cancelled by the diner');
    expect(why('test_re_3')).toBe('Refunded by an admin');
    expect(why('test_re_4')).toBe('Not accepted in time');
    expect(within(table).getAllByText('$11.00')).toHaveLength(4);
  });
});
