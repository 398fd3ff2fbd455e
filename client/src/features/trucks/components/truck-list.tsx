import type { TruckSummary } from '@shared/contracts';
import type { Fit } from '@shared/utils/attributes';
import SearchX from 'lucide-react/icons/search-x';
import TruckIcon from 'lucide-react/icons/truck';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { useEntryState } from '@client/lib/entry-state';
import { useInSight } from '@client/lib/use-in-sight';
import { SkeletonRows } from '@client/entities/truck/truck-parts';
import type { ListedTruck } from '../lib/truck-list';
import { TruckCard, truckCardHeadingId } from './truck-card';

/** Cards rendered at first; more on request, so a list of thousands stays quick. */
export const LIST_PAGE_SIZE = 20;
/**
 * Cards in the page as it opens (and in the server's HTML): a phone shows the map and the voice
 * card first, then three or four cards. The rest of the first page follows as the list nears the
 * screen, without a tap: 20 cards in the first render were a fifth of /find-trucks' main-thread
 * work on a 4× slowed phone (issue 33). Beyond the first page, "Show more trucks" as before.
 */
export const LIST_FIRST_CARDS = 8;

/** At most this many frames are spent bringing a card back into view. */
const BACK_TO_FRAMES = 10;

const isCardCount = (kept: unknown): kept is number =>
  typeof kept === 'number' && Number.isSafeInteger(kept) && kept >= LIST_FIRST_CARDS;

/** Spec section 9: 4 skeleton rows on find-trucks. */
export function TruckListSkeleton() {
  return <SkeletonRows count={4} label="Loading food trucks" testId="truck-skeleton" />;
}

interface TruckListProps {
  listed: readonly ListedTruck[];
  /** Trucks before the search filter: tells "no match" from "no trucks". */
  totalCount: number;
  search: string;
  /** No truck holds every word of the search: the list is of trucks holding some (truck-search.ts). */
  searchPartial?: boolean;
  /** The dishes the search found on each truck's menu, by truck id (truck-search.ts). */
  searchDishes?: ReadonlyMap<number, readonly string[]>;
  onClearSearch(): void;
  expandedId: number | null;
  onToggle(id: number): void;
  onOpenMenu(truck: TruckSummary): void;
  renderFavorite?: (truck: TruckSummary) => ReactNode;
  renderDetails?: (truck: TruckSummary) => ReactNode;
  renderSchedule?: (truck: TruckSummary) => ReactNode;
  /** What an empty list says (default: 'No active food trucks found.'). */
  emptyText?: string;
  /** How each truck's menu fits the customer's saved dietary needs (issue 28); none: not shown. */
  fitOf?: ((truck: TruckSummary) => Fit) | undefined;
  /** The filters in force (issue 28): an empty list then offers to clear them. */
  filterCount?: number;
  onClearFilters?: () => void;
  /**
   * The list is cut to a radius (ADR 0182): how many trucks beyond it the search finds, and what
   * shows them. An empty search then says so, rather than that nothing matches.
   */
  farther?: { count: number; radiusMiles: number; onShow: () => void };
  /**
   * The list is cut to the diner's radius and shows trucks open now: an empty one then says that
   * nothing is within it and offers every truck, so a diner far from any truck is not left at a
   * dead end.
   */
  nearbyOnly?: { radiusMiles: number; onShowAll: () => void };
  /**
   * A card to bring into view as the list first draws: the one the diner had open when they left
   * the screen, on coming Back to it. The browser's own scroll restoration lands above it: cards it
   * has not drawn since the screen came back (`content-visibility`) count at an estimated height,
   * shorter than most cards' own.
   */
  cameBackTo?: number | null;
  /**
   * The server has not answered for this search yet: an empty list may still fill from the trucks'
   * menus and descriptions, so it does not say that nothing matches until it has.
   */
  searching?: boolean;
}

/** Memoised: /find-trucks re-renders for each key typed in its search box, the list only once the search it shows changed. */
export const TruckList = memo(function TruckList({
  listed,
  totalCount,
  search,
  searchPartial = false,
  searchDishes,
  onClearSearch,
  expandedId,
  onToggle,
  onOpenMenu,
  renderFavorite,
  renderDetails,
  renderSchedule,
  emptyText = 'No active food trucks found.',
  fitOf,
  filterCount = 0,
  onClearFilters,
  farther,
  nearbyOnly,
  cameBackTo = null,
  searching = false,
}: TruckListProps) {
  const [limit, setLimit] = useEntryState('listedCards', LIST_FIRST_CARDS, isCardCount);
  const expandedIndex = expandedId === null ? -1 : listed.findIndex((l) => l.truck.id === expandedId);
  const shown = Math.max(limit, expandedIndex + 1);
  const filling = shown < LIST_PAGE_SIZE;
  const showMore = () => setLimit(filling ? LIST_PAGE_SIZE : shown + LIST_PAGE_SIZE);
  // A screen ahead, so a scrolling diner meets cards already drawn, not the button.
  const moreInSight = useInSight(showMore, { rootMargin: '100% 0px', enabled: filling });
  const backTo = useRef(cameBackTo);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const id = backTo.current;
    if (id === null) return;
    // From the frame after the browser's own restoration, which this corrects, until the card stays
    // put: the cards above it that come near the screen are drawn at their own heights and push it.
    // Only where the restoration put the diner in the list: one who left from the map (a popup's
    // link) comes back to the map.
    let frame = 0;
    let frames = 0;
    let lastTop = Number.NaN;
    const bring = () => {
      const card = document.getElementById(truckCardHeadingId(id))?.closest('li');
      if (!card) return;
      if (frames === 0 && (listRef.current?.getBoundingClientRect().top ?? 0) > window.innerHeight / 2) return;
      const top = card.getBoundingClientRect().top;
      if (top === lastTop || frames++ > BACK_TO_FRAMES) return;
      card.scrollIntoView({ block: 'start' });
      lastTop = card.getBoundingClientRect().top;
      frame = requestAnimationFrame(bring);
    };
    frame = requestAnimationFrame(bring);
    return () => cancelAnimationFrame(frame);
  }, []);

  if (listed.length === 0) {
    if (searching && search.trim()) return <SkeletonRows count={2} label="Searching food trucks" testId="search-pending" />;
    if (filterCount > 0 && totalCount > 0 && onClearFilters) {
      return (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
          <SearchX className="mx-auto h-10 w-10 text-gray-400" aria-hidden />
          <p className="mt-3 text-gray-800">
            No food trucks match your filters{search.trim() ? ' and search' : ''}.
          </p>
          <Button variant="outline" className="mt-4" onClick={onClearFilters}>
            Clear filters
          </Button>
        </div>
      );
    }
    const fartherCount = farther?.count ?? 0;
    if (search.trim() && (totalCount > 0 || fartherCount > 0)) {
      return (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center" data-testid="search-empty">
          <SearchX className="mx-auto h-10 w-10 text-gray-400" aria-hidden />
          {farther && fartherCount > 0 ? (
            <p className="mt-3 text-gray-800">
              No food trucks within {farther.radiusMiles} miles match your search.{' '}
              {fartherCount === 1 ? '1 truck farther away does.' : `${fartherCount} trucks farther away do.`}
            </p>
          ) : (
            <p className="mt-3 text-gray-800">No food trucks match your search.</p>
          )}
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            {farther && fartherCount > 0 && <Button onClick={farther.onShow}>Show trucks farther away</Button>}
            <Button variant="outline" onClick={onClearSearch}>
              Clear search
            </Button>
          </div>
        </div>
      );
    }
    return (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center" data-testid="list-empty">
        <TruckIcon className="mx-auto h-10 w-10 text-gray-400" aria-hidden />
        <p className="mt-3 text-gray-800">{emptyText}</p>
        {nearbyOnly && (
          <>
            <p className="mt-1 text-sm text-gray-700">None within {nearbyOnly.radiusMiles} miles of you.</p>
            <Button variant="outline" className="mt-4" onClick={nearbyOnly.onShowAll}>
              Show all trucks
            </Button>
          </>
        )}
      </div>
    );
  }

  return (
    <>
      {searchPartial && search.trim() && (
        <p role="status" className="mb-3 text-sm text-gray-700">
          No food trucks match all of “{search.trim()}”. Showing trucks that match some of the words.
        </p>
      )}
      <ul ref={listRef} className="space-y-3" aria-label="Food trucks">
        {listed.slice(0, shown).map(({ truck, distanceMiles }) => (
          <li key={truck.id} className="[contain-intrinsic-size:auto_16rem] [content-visibility:auto]">
            <TruckCard
              truck={truck}
              distanceMiles={distanceMiles}
              expanded={truck.id === expandedId}
              onToggle={onToggle}
              onOpenMenu={onOpenMenu}
              renderFavorite={renderFavorite}
              renderDetails={renderDetails}
              renderSchedule={renderSchedule}
              dietFit={fitOf?.(truck)}
              matchedDishes={searchDishes?.get(truck.id)}
            />
          </li>
        ))}
      </ul>
      {listed.length > shown && (
        <div className="mt-4 text-center">
          <Button ref={moreInSight} variant="outline" onClick={showMore}>
            Show more trucks ({listed.length - shown} more)
          </Button>
        </div>
      )}
    </>
  );
});
