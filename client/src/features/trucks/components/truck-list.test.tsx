import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTruck } from '@client/test/trucks';
import { stubIntersectionObserver } from '@client/test/intersection-observer';
import { LIST_FIRST_CARDS, LIST_PAGE_SIZE, TruckList } from './truck-list';

afterEach(() => vi.unstubAllGlobals());

const listOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ truck: makeTruck({ id: i + 1 }), distanceMiles: null }));

function renderList(count: number, expandedId: number | null = null) {
  const listed = listOf(count);
  render(
    <TruckList
      listed={listed}
      totalCount={listed.length}
      search=""
      onClearSearch={() => {}}
      expandedId={expandedId}
      onToggle={() => {}}
      onOpenMenu={() => {}}
    />,
  );
}
const cards = () => within(screen.getByRole('list', { name: 'Food trucks' })).getAllByRole('article');
const moreButton = () => screen.getByRole('button', { name: /^Show more trucks/ });

describe('the list of trucks, drawn as the diner scrolls (issue 33)', () => {
  it(`opens with ${LIST_FIRST_CARDS} cards and draws the rest of the first ${LIST_PAGE_SIZE} when their end nears the screen`, () => {
    const sight = stubIntersectionObserver();
    renderList(50);
    expect(cards()).toHaveLength(LIST_FIRST_CARDS);
    expect(moreButton()).toHaveTextContent(`Show more trucks (${50 - LIST_FIRST_CARDS} more)`);
    // A screen ahead: the cards are drawn before the diner reaches them.
    expect(sight.options.at(-1)?.rootMargin).toBe('100% 0px');

    sight.bringIntoSight(moreButton());
    expect(cards()).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.getByText('Truck 20')).toBeInTheDocument();
  });

  it('asks for a tap beyond the first page: the page below the list stays reachable', () => {
    const sight = stubIntersectionObserver();
    renderList(50);
    sight.bringIntoSight(moreButton());
    expect(sight.observed(moreButton())).toBe(false);
    sight.bringIntoSight(moreButton());
    expect(cards()).toHaveLength(LIST_PAGE_SIZE);

    fireEvent.click(moreButton());
    expect(cards()).toHaveLength(2 * LIST_PAGE_SIZE);
    expect(moreButton()).toHaveTextContent('Show more trucks (10 more)');
  });

  it('draws the first page at once by a tap on the button, before it is in sight', () => {
    stubIntersectionObserver();
    renderList(30);
    fireEvent.click(moreButton());
    expect(cards()).toHaveLength(LIST_PAGE_SIZE);
  });

  it('draws a linked truck further down the list (?truck=) with every card above it', () => {
    stubIntersectionObserver();
    renderList(30, 12);
    expect(cards()).toHaveLength(12);
    expect(screen.getByRole('region', { name: 'Details' })).toBeInTheDocument();
  });

  it('shows no button when every truck fits in the first cards', () => {
    stubIntersectionObserver();
    renderList(LIST_FIRST_CARDS);
    expect(cards()).toHaveLength(LIST_FIRST_CARDS);
    expect(screen.queryByRole('button', { name: /^Show more trucks/ })).toBeNull();
  });

  it('draws the whole first page at once in a browser without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderList(30);
    expect(cards()).toHaveLength(LIST_PAGE_SIZE);
  });
});
