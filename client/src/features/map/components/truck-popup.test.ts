import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeScheduledTruck, makeTruck } from '@client/test/trucks';
import { buildTruckPopup, IN_APP_LINK } from './truck-popup';

describe("the map popup's phone", () => {
  it('is a call link', () => {
    const popup = buildTruckPopup(makeTruck({ id: 5, name: 'Taco Loco', phone: '+15125550100' }));
    const link = within(popup).getByRole('link', { name: 'Call Taco Loco at 512-555-0100' });
    expect(link).toHaveAttribute('href', 'tel:+15125550100');
    expect(link).toHaveTextContent('512-555-0100');
  });

  it('is left out when the truck has no phone', () => {
    const popup = buildTruckPopup(makeTruck({ id: 6, phone: null }));
    expect(within(popup).queryByRole('link', { name: /^Call / })).toBeNull();
  });
});

describe("the map popup's links", () => {
  it("lead to the truck's page, followed in the app, beside Directions", () => {
    const popup = buildTruckPopup(makeTruck({ id: 5, name: 'Taco Loco' }));
    const page = within(popup).getByRole('link', { name: 'Truck page of Taco Loco' });
    expect(page).toHaveAttribute('href', '/trucks/5');
    expect(page).toHaveAttribute(IN_APP_LINK);
    expect(page).toHaveTextContent('Truck page');
    expect(within(popup).getByRole('link', { name: /^Directions to Taco Loco/ }).parentElement).toBe(page.parentElement);
  });
});

describe("an unclaimed listing's popup (issue 26)", () => {
  it('names its source instead of a position’s freshness', () => {
    const listing = { sourceName: 'SF open data', licence: 'PDDL', sourceUpdatedAt: '2026-11-12T08:00:00.000Z' };
    const popup = buildTruckPopup(makeTruck({ id: 7, name: 'Mission Street Dogs', operatorId: null, listing }));
    expect(within(popup).getByTestId('popup-listing')).toHaveTextContent('Unclaimed · from SF open data, updated Nov 12, 2026');
    const claim = within(popup).getByRole('link', { name: 'Is this your truck? Claim it' });
    expect(claim).toHaveAttribute('href', '/trucks/7');
    expect(claim).toHaveAttribute(IN_APP_LINK);
    // Its page is reached by that link alone.
    expect(within(popup).queryByRole('link', { name: /^Truck page/ })).toBeNull();
    expect(within(popup).queryByTestId('popup-updated-ago')).toBeNull();
    expect(popup).not.toHaveTextContent('Last updated');
  });
});

describe("a look-ahead truck's popup", () => {
  it('says Scheduled with its hours at the stop, not Open now nor how fresh its GPS is', () => {
    const popup = buildTruckPopup(makeScheduledTruck({ id: 8, isOpen: true }, { startTime: '18:00', endTime: '02:00' }));
    expect(within(popup).getByText('Scheduled')).toHaveClass('bg-green-700');
    expect(within(popup).queryByText('Open')).toBeNull();
    expect(within(popup).getByTestId('popup-scheduled-hours')).toHaveTextContent('Scheduled 6:00 PM–2:00 AM');
    expect(within(popup).queryByTestId('popup-updated-ago')).toBeNull();
    expect(within(popup).queryByText(/Last updated/)).toBeNull();
  });
});
