import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeScheduledTruck, makeTruck } from '@client/test/trucks';
import { TruckCard } from './truck-card';

function details(truck: ReturnType<typeof makeTruck>) {
  render(<TruckCard truck={truck} distanceMiles={null} expanded onToggle={() => {}} onOpenMenu={() => {}} />);
  return within(screen.getByRole('region', { name: 'Details' }));
}

describe("a truck card's DETAILS GPS badge", () => {
  it("says 'GPS Active' only for an open truck with coordinates", () => {
    expect(details(makeTruck({ id: 1, isOpen: true })).getByText('GPS Active')).toBeInTheDocument();
  });

  it('is not active for a closed truck, even with its last coordinates', () => {
    const gps = details(makeTruck({ id: 2, isOpen: false }));
    expect(gps.queryByText('GPS Active')).toBeNull();
    expect(gps.getByText('GPS Inactive')).toBeInTheDocument();
  });
});

describe("a truck's phone for diners", () => {
  it("shows the card's DETAILS phone as a call link", () => {
    const link = details(makeTruck({ id: 3, name: 'Smokestack BBQ', phone: '+15125550111' })).getByRole('link', {
      name: 'Call Smokestack BBQ at 512-555-0111',
    });
    expect(link).toHaveAttribute('href', 'tel:+15125550111');
    expect(link).toHaveTextContent('512-555-0111');
  });

  it('shows no phone line when the truck has none', () => {
    expect(details(makeTruck({ id: 4, phone: null })).queryByText('Phone')).toBeNull();
  });
});

describe("an unclaimed listing's card (issue 26)", () => {
  it("links its operator to the claim on the truck's page", () => {
    const listing = { sourceName: 'SF open data', licence: 'PDDL', sourceUpdatedAt: '2026-11-12T00:00:00.000Z' };
    details(makeTruck({ id: 5, listing }));
    const link = screen.getByRole('link', { name: 'Is this your truck? Claim it' });
    expect(link).toHaveAttribute('href', '/trucks/5');
  });

  it('has no claim link for an operator’s truck', () => {
    details(makeTruck({ id: 6, listing: null }));
    expect(screen.queryByRole('link', { name: /Claim it/ })).toBeNull();
  });
});

describe('a card found through its menu', () => {
  const card = (matchedDishes?: readonly string[]) =>
    render(<TruckCard truck={makeTruck({ id: 7 })} distanceMiles={null} expanded={false} onToggle={() => {}} onOpenMenu={() => {}} matchedDishes={matchedDishes} />);

  it('names the dishes the search found', () => {
    card(['Horchata', 'Churros']);
    expect(screen.getByText('On the menu: Horchata, Churros')).toBeInTheDocument();
  });

  it('says nothing of the menu otherwise', () => {
    card([]);
    expect(screen.queryByText(/On the menu/)).toBeNull();
  });
});

describe('a card in the look-ahead (where the truck will be at the chosen hour)', () => {
  it('says it is scheduled there, with its hours, and nothing of being open or live now', () => {
    const truck = makeScheduledTruck({ id: 8, isOpen: true }, { startTime: '11:00', endTime: '14:30' });
    render(<TruckCard truck={truck} distanceMiles={null} expanded onToggle={() => {}} onOpenMenu={() => {}} />);
    expect(screen.getByText('SCHEDULED')).toBeInTheDocument();
    expect(screen.queryByText('OPEN')).toBeNull();
    expect(screen.queryByText('LIVE')).toBeNull();
    expect(screen.queryByText(/^Updated /)).toBeNull();
    const facts = within(screen.getByRole('region', { name: 'Details' }));
    expect(facts.getByTestId('truck-status')).toHaveTextContent('Scheduled 11:00 AM–2:30 PM');
    expect(facts.queryByText(/^GPS/)).toBeNull();
    expect(facts.queryByText('Updated')).toBeNull();
  });

  it('is told apart from a closed truck now, which still says CLOSED', () => {
    render(<TruckCard truck={makeTruck({ id: 9, isOpen: false })} distanceMiles={null} expanded={false} onToggle={() => {}} onOpenMenu={() => {}} />);
    expect(screen.getByText('CLOSED')).toBeInTheDocument();
    expect(screen.queryByText('SCHEDULED')).toBeNull();
  });
});
