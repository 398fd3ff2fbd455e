import { DEFAULT_RADIUS_MILES } from '@shared/constants';
import type { TruckSummary } from '@shared/contracts';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { HIDE_LISTINGS_PARAM, SEARCH_MAX_LENGTH, SEARCH_PARAM } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { ShareButton } from '@client/entities/truck/share-button';
import { Skeleton } from '@client/components/ui/skeleton';
import { activeTrucksQuery, useActiveTrucks } from '@client/features/trucks/api/active-trucks';
import { FavoriteButton } from '@client/features/favorites/components/favorite-button';
import { searchInUrl } from '@client/app/early-requests';
import { TruckGoingButton } from '@client/app/truck-going-button';
import { GoingNotices } from '@client/features/going/components/going-notices';
import { SeenMarker } from '@client/features/insights/components/seen-marker';
import { useReportView } from '@client/features/insights/hooks/use-report-view';
import { reportView } from '@client/features/insights/view-reporter';
import { MapLocationNotice } from '@client/features/trucks/components/location-notice';
import { LOCATION_ALERTS } from '@client/lib/geolocation';
import { OfflineNotice } from '@client/features/trucks/components/offline-notice';
import { TruckList, TruckListSkeleton } from '@client/features/trucks/components/truck-list';
import { TruckFilters } from '@client/features/trucks/components/truck-filters';
import { useDietaryNeeds } from '@client/features/diet/api/dietary-needs';
import { FILTERS_PARAM, hasNeeds, matchesFilters, parseFilterIds, truckFit } from '@shared/utils/attributes';
import { useDinerPosition } from '@client/features/trucks/hooks/use-diner-position';
import {
  filterTrucks,
  matchesSearch,
  linkedFirst,
  sortByDistance,
  withinRadius,
} from '@client/features/trucks/lib/truck-list';
import { useDinersSearch } from '@client/features/trucks/hooks/use-diners-search';
import { useScheduledTrucks } from '@client/features/schedules/api/scheduled-trucks';
import { TimeChoicePicker } from '@client/features/schedules/components/time-choice-picker';
import {
  useUpcomingStops,
  useUpcomingStopsFollowChanges,
} from '@client/features/schedules/api/upcoming-stops';
import { ScheduleLabel, TruckStatusLine } from '@client/features/schedules/components/truck-status-line';
import {
  choiceInUrl,
  choiceParam,
  describeMoment,
  isTimeChoice,
  linkedDayOver,
  lookAheadZone,
  momentOf,
  NOW_CHOICE,
  settleChoice,
  TIME_PARAM,
  type TimeChoice,
} from '@client/features/schedules/time-choice';
import { deviceTimeZone } from '@shared/utils/zoned-time';
import { useRecommendedTruck } from '@client/features/voice/hooks/use-recommended-truck';
import { useShowRecommendation } from '@client/features/voice/hooks/use-show-recommendation';
import { useAuth } from '@client/lib/auth';
import { useAddressParams } from '@client/lib/address-params';
import { isScheduled, scheduledHours } from '@client/entities/truck/truck-format';
import type { ActiveTrucksParams } from '@client/lib/query-keys';
import { useLiveTruckCache } from '@client/entities/truck/use-truck-events';
import { parseId } from '@shared/utils/ids';
import { cn } from '@client/lib/utils';
import { BrowserOnly, useKeepTypedBeforeHydration } from '@client/lib/hydration';
import { useEntryState } from '@client/lib/entry-state';
import { isOperator } from '@client/lib/roles';
import { useInSight } from '@client/lib/use-in-sight';
import { OrderAhead } from '@client/features/orders/components/order-ahead';

// Leaflet and its plugins load on demand, so the page's own JavaScript stays small.
const TruckMap = lazy(() => import('@client/features/map/components/truck-map'));
const VoiceAssistant = lazy(() => import('@client/features/voice/components/voice-assistant'));
// The menu dialog (Radix Dialog, focus scope, scroll lock) is not part of the first screen (issue
// 33): it loads when the cards come on screen (see `cardsInSight`), or with the first menu opened.
const loadMenuDialog = () => import('@client/features/menu/components/menu-dialog');
const MenuDialog = lazy(() => loadMenuDialog().then((m) => ({ default: m.MenuDialog })));
// Rating happens in an expanded card: its picker loads when the first card opens.
const RatingPicker = lazy(() =>
  import('@client/features/favorites/components/rating-picker').then((m) => ({ default: m.RatingPicker })),
);

const preloadMenuDialog = () => void loadMenuDialog().catch(() => {});

const NO_TRUCKS: TruckSummary[] = [];
const utcUntilWanted = () => 'UTC';

const renderFavorite = (truck: TruckSummary) => (
  <>
    <FavoriteButton truck={truck} size="md" />
    <TruckGoingButton truck={truck} />
    <SeenMarker truckId={truck.id} />
  </>
);
const renderPopupFavorite = (truck: TruckSummary) => (
  <FavoriteButton truck={truck} size="sm" className="h-8 w-8" />
);
// Into the popup's row of its rating badge (the slot lays its children out in that row): the status
// line takes a row of its own above it, full width, and the buttons sit right of the badge. Squeezed
// beside the badge, a stop's address wrapped into a narrow right-aligned column.
const renderPopupExtra = (truck: TruckSummary) => (
  <>
    <TruckStatusLine truck={truck} className="order-first !m-0 w-full text-xs" />
    <span className="ml-auto flex flex-wrap items-center justify-end gap-1">
      <ShareButton truck={truck} size="icon" className="h-8 w-8" />
      {renderPopupFavorite(truck)}
      <TruckGoingButton truck={truck} size="sm" />
    </span>
  </>
);
// A popup opened on the map is the map's card: counted as a card view each time a diner opens it.
const countPopupView = (truck: TruckSummary) => reportView(truck.id, 'card_view');
const renderUpcoming = (truck: TruckSummary) => <TruckStatusLine truck={truck} className="mt-0.5" />;
const renderScheduledHours = (truck: TruckSummary) =>
  isScheduled(truck) && <ScheduleLabel text={scheduledHours(truck)} className="mt-0.5" />;
// A card opened by the address (?truck=) is open in the server's HTML: its picker loads in the browser.
const renderRating = (truck: TruckSummary) => (
  <BrowserOnly fallback={<Skeleton still className="h-8 w-40" />}>
    <RatingPicker truck={truck} />
  </BrowserOnly>
);

const isTruckIdOrNone = (kept: unknown): kept is number | null => kept === null || Number.isSafeInteger(kept);

const parseTruckParam = (search: string): number | null => parseId(new URLSearchParams(search).get('truck'));

/** /find-trucks: map and list of active trucks, live from /api/events (spec section 2). */
export default function FindTrucksPage() {
  // The address's query, read once per change: the listings switch, the filters, the look-ahead.
  const { search: urlSearch, params: urlParams, setParam } = useAddressParams('/find-trucks');
  const focusTruckId = parseTruckParam(urlSearch);
  // "Hide unclaimed listings" (issue 26), kept in the URL: ?listings=hide.
  const hideListings = urlParams.get(HIDE_LISTINGS_PARAM) === 'hide';
  const setHideListings = (hide: boolean) => setParam(HIDE_LISTINGS_PARAM, hide ? 'hide' : null);
  // Filters (issue 28), kept in the URL: ?filters=cards,vegan,no-peanuts (the API's parameter too).
  const filterIdsText = urlParams.get(FILTERS_PARAM);
  const filterIds = useMemo(() => parseFilterIds(filterIdsText), [filterIdsText]);
  const setFilterIds = (ids: string[]) => setParam(FILTERS_PARAM, ids.join(','));
  const needs = useDietaryNeeds();
  const { user } = useAuth();
  const { position, message, dismissMessage, noticeSlot } = useDinerPosition();
  const [showAll, setShowAll] = useState(false);
  const writeSearchParam = useCallback((q: string | null) => setParam(SEARCH_PARAM, q), [setParam]);
  const {
    search,
    setSearch,
    listSearch,
    hits: searchHits,
    partial: searchPartial,
    dishes: searchDishes,
    settled: searchSettled,
  } = useDinersSearch(searchInUrl(urlSearch) ?? '', writeSearchParam);
  const searchBox = useRef<HTMLInputElement>(null);
  useKeepTypedBeforeHydration(searchBox, setSearch);
  const clearSearch = useCallback(() => setSearch(''), [setSearch]);
  // Kept in the history entry, with how far the list is drawn: Back from a truck's page finds the
  // card open where it was.
  const [expandedId, setExpandedId, expandedKept] = useEntryState<number | null>(
    'expandedTruck',
    focusTruckId,
    isTruckIdOrNone,
  );
  const [menuTruckId, setMenuTruckId] = useState<number | null>(null);
  // Mounted from the first opening on, so it closes as a dialog does (the focus goes back).
  const [menuWanted, setMenuWanted] = useState(false);
  if (menuTruckId !== null && !menuWanted) setMenuWanted(true);
  // Loaded as the diner turns to the cards, not as soon as the browser is idle: on a phone they are
  // below the map and the voice card, and the dialog's three chunks were a seventh of the page's
  // main-thread work on a 4× slowed phone (issue 33). A screen of scrolling and reading is ahead of
  // the first tap on "Menu".
  const cardsInSight = useInSight(preloadMenuDialog);
  useReportView(menuTruckId, 'menu_open');
  // Now: the live list. Later: where trucks will be then, by their schedules.
  // Kept in the history entry too (ADR 0184): Back from a truck's page finds the same hour.
  const [chosenTime, setTimeChoice, lookAheadKept] = useEntryState<TimeChoice>('lookAhead', NOW_CHOICE, isTimeChoice);
  // And in the address (`?at=2026-12-07T19`), so a link shares it: taken as the screen mounts (after
  // the server's HTML has hydrated: the server rendered now). A stale link's day opens on now.
  const [linkedTime] = useState(() => (lookAheadKept ? null : choiceInUrl(urlSearch)));
  const linkPending = useRef(linkedTime !== null);
  useLayoutEffect(() => {
    if (linkedTime) setTimeChoice(linkedTime);
  }, [linkedTime, setTimeChoice]);

  const connection = useLiveTruckCache(user && isOperator(user) ? { operatorId: user.id } : {});
  useUpcomingStopsFollowChanges();
  const params = useMemo<ActiveTrucksParams | undefined>(
    () =>
      position && !showAll
        ? { lat: position.lat, lng: position.lng, radiusMiles: DEFAULT_RADIUS_MILES }
        : undefined,
    [position, showAll],
  );
  const live = useActiveTrucks(params, connection === 'open');
  // The look-ahead speaks in the listed trucks' zone (their stops carry it), not the device's, and
  // its hour is always one still ahead (issue 27).
  const upcomingZones = useUpcomingStops().data?.zones;
  // The device's zone is read only once the diner looks ahead or reaches for the picker: it is a
  // page's first use of Intl, 150-200 ms in one piece on a 4× slowed phone (issue 33), and now reads
  // no zone.
  const [zoneReached, setZoneReached] = useState(false);
  const zoneWanted = zoneReached || chosenTime.when !== 'now';
  const zone = useMemo(
    () =>
      lookAheadZone(
        upcomingZones,
        (live.data ?? NO_TRUCKS).map((t) => t.id),
        zoneWanted ? deviceTimeZone : utcUntilWanted,
      ),
    [upcomingZones, live.data, zoneWanted],
  );
  // A linked day already over on the trucks' clock opens on now too: as the page mounted, only a
  // day over everywhere could be ruled out (choiceInUrl).
  useEffect(() => {
    if (upcomingZones && linkedDayOver(linkedTime, chosenTime, zone)) setTimeChoice(NOW_CHOICE);
  }, [upcomingZones, linkedTime, chosenTime, zone, setTimeChoice]);
  const timeChoice = useMemo(() => settleChoice(chosenTime, zone), [chosenTime, zone]);
  const at = useMemo(() => momentOf(timeChoice, zone), [timeChoice, zone]);
  const atParam = useMemo(() => choiceParam(timeChoice, zone), [timeChoice, zone]);
  const atInUrl = urlParams.get(TIME_PARAM);
  useEffect(() => {
    // Not before a link's own look-ahead has been taken: the first render is now.
    if (linkPending.current && chosenTime.when === 'now') return;
    linkPending.current = false;
    if (atParam !== atInUrl) setParam(TIME_PARAM, atParam);
  }, [atParam, atInUrl, chosenTime.when, setParam]);
  const scheduled = useScheduledTrucks(at, params);
  const query = at ? scheduled : live;
  const trucks = useMemo<readonly TruckSummary[]>(() => {
    const data = query.data ?? NO_TRUCKS;
    // While a radius answer loads, the previous list stays on screen cut to the new radius, so the
    // heading 'within 20 miles' never sits above trucks hundreds of miles away.
    return query.isPlaceholderData && params?.radiusMiles !== undefined
      ? withinRadius(data, { lat: params.lat, lng: params.lng }, params.radiusMiles)
      : data;
  }, [query.data, query.isPlaceholderData, params]);
  // The look-ahead's cards say the hours of the stop they are placed at (its address is the card's).
  const renderSchedule = at ? renderScheduledHours : renderUpcoming;

  const filtered = useMemo(
    () =>
      filterTrucks(
        trucks.filter((t) => !(hideListings && t.listing) && matchesFilters(t, filterIds)),
        listSearch,
        searchHits,
      ),
    [trucks, listSearch, searchHits, hideListings, filterIds],
  );
  const fitOf = useMemo(
    () => (hasNeeds(needs) ? (truck: TruckSummary) => truckFit(truck, needs) : undefined),
    [needs],
  );
  const listed = useMemo(
    () => linkedFirst(sortByDistance(filtered, position), focusTruckId),
    [filtered, position, focusTruckId],
  );
  const hasListings = useMemo(() => trucks.some((t) => t.listing), [trucks]);
  const menuTruck = menuTruckId === null ? null : (trucks.find((t) => t.id === menuTruckId) ?? null);

  // A truck recommended by the voice assistant (here or in the navbar popover).
  const queryClient = useQueryClient();
  const refreshAll = useCallback(async () => {
    setShowAll(true);
    setTimeChoice(NOW_CHOICE);
    return queryClient.fetchQuery(activeTrucksQuery(undefined, connection === 'open'));
  }, [queryClient, connection, setTimeChoice]);
  const recommended = useRecommendedTruck({
    trucks: live.isSuccess ? (live.data ?? NO_TRUCKS) : undefined,
    matchesSearch: useCallback(
      (truck: TruckSummary) => !listSearch.trim() || matchesSearch(truck, listSearch, searchHits),
      [listSearch, searchHits],
    ),
    clearSearch,
    refresh: refreshAll,
  });
  const mapFocusId = recommended?.id ?? focusTruckId;
  const showRecommendation = useShowRecommendation();
  // The map comes into sight for a recommendation: on a phone the assistant's card (and the list
  // the diner may have scrolled) are below it.
  const mapRef = useRef<HTMLDivElement>(null);
  const recommendedKey = recommended?.key;
  useEffect(() => {
    if (recommendedKey !== undefined) mapRef.current?.scrollIntoView({ block: 'nearest' });
  }, [recommendedKey]);

  // A linked or recommended truck outside the 20 miles: show every truck so it stays on the map.
  // Decided while rendering (React renders again at once, before anything reaches the screen), not
  // in an effect: the position arriving after the truck's popup opened would otherwise commit one
  // list without the truck, and the map would take its marker and popup away (issue 24).
  const focusOutOfRange =
    at === null &&
    params !== undefined &&
    query.isSuccess &&
    mapFocusId !== null &&
    !trucks.some((t) => t.id === mapFocusId);
  if (focusOutOfRange && !showAll) setShowAll(true);

  const onToggle = useCallback((id: number) => setExpandedId((current) => (current === id ? null : id)), [setExpandedId]);
  const onOpenMenu = useCallback((truck: TruckSummary) => setMenuTruckId(truck.id), []);
  const clearFilters = useCallback(() => setParam(FILTERS_PARAM, null), [setParam]);

  const radiusActive = params !== undefined;
  // A search the radius hides (ADR 0182): the trucks it finds beyond the list's 20 miles.
  const fartherCount = useMemo(() => {
    if (!radiusActive || at || searchHits.size === 0) return 0;
    const near = new Set(trucks.map((t) => t.id));
    let count = 0;
    for (const id of searchHits) if (!near.has(id)) count += 1;
    return count;
  }, [radiusActive, at, searchHits, trucks]);
  const farther = useMemo(
    () => ({ count: fartherCount, radiusMiles: DEFAULT_RADIUS_MILES, onShow: () => setShowAll(true) }),
    [fartherCount],
  );
  const nearbyOnly = useMemo(
    () => (radiusActive && !at ? { radiusMiles: DEFAULT_RADIUS_MILES, onShowAll: () => setShowAll(true) } : undefined),
    [radiusActive, at],
  );

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <GoingNotices />
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Find Food Trucks</h1>
        <p className="mt-1 text-gray-700">Discover delicious meals from food trucks near you</p>
      </header>

      <OfflineNotice />

      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="map-heading" className="min-w-0 lg:sticky lg:top-20">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h2 id="map-heading" className="text-lg font-semibold sm:text-xl">
              {position && !radiusActive ? 'All Food Trucks' : 'Food Trucks within 20 miles of You'}
            </h2>
            <p className="flex items-center gap-1.5 text-xs text-gray-700" data-testid="live-status">
              <span
                className={cn('h-2 w-2 rounded-full', connection === 'open' ? 'bg-green-600' : 'bg-gray-400')}
                aria-hidden
              />
              {connection === 'open' ? 'Live updates' : 'Refreshing every 7 seconds'}
            </p>
          </div>
          {/* Always there, two lines high: the position arriving after the page's first paint (a
              server-rendered page knows none, ADR 0168) changes its words but moves nothing. */}
          <p className="-mt-2 mb-3 min-h-10 text-sm text-gray-700" data-testid="position-hint">
            {!position
              ? 'Share your location to see the trucks within 20 miles; until then every truck is shown.'
              : radiusActive
                ? 'Trucks within 20 miles of you, nearest first.'
                : 'Every truck, nearest first.'}
          </p>
          <div
            ref={mapRef}
            role="region"
            aria-label="Map of food trucks"
            className="group/map relative isolate scroll-mt-20 scroll-mb-4 h-[280px] overflow-hidden rounded-xl border border-gray-200 bg-gray-100 sm:h-[420px] lg:h-[calc(100vh-12rem)] lg:min-h-[420px]"
          >
            {/* Over the map, not above it: it arrives after the page's first paint (the position is
                the browser's to know) and moves nothing (Lighthouse's layout shift). It steps aside
                while a truck's popup is open: on a phone the popup takes the map's whole height, and
                the notice covered its last rows (share, favourite, Directions). It folds into a
                corner button once the diner touches the map: it hid the pins under it. A server-rendered
                page has it hidden in its HTML, and the page's first script shows it the moment the
                browser refuses the position, long before the app has hydrated (issue 33). */}
            {(message || noticeSlot) && (
              <MapLocationNotice
                message={message ?? LOCATION_ALERTS.denied}
                hidden={!message}
                onDismiss={dismissMessage}
              />
            )}
            <BrowserOnly fallback={<Skeleton still className="h-full w-full rounded-none" />}>
              <TruckMap
                trucks={filtered}
                position={position}
                focusTruckId={mapFocusId}
                focusKey={recommended?.key}
                renderPopupExtra={at ? renderPopupFavorite : renderPopupExtra}
                onPopupOpen={countPopupView}
                fitOf={fitOf}
              />
            </BrowserOnly>
          </div>
        </section>

        <div className="grid min-w-0 gap-6">
          <BrowserOnly fallback={<Skeleton still className="h-40 w-full" />}>
            <VoiceAssistant variant="card" autoRecommend onRecommend={showRecommendation} />
          </BrowserOnly>
          <section aria-labelledby="list-heading" className="min-w-0">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="list-heading" className="text-lg font-semibold sm:text-xl">
                Nearby Food Trucks
              </h2>
              {position && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-pressed={!radiusActive}
                  onClick={() => setShowAll((v) => !v)}
                >
                  {radiusActive ? 'Show all trucks' : 'Show trucks within 20 miles'}
                </Button>
              )}
            </div>
            <div className="mb-3">
              <TimeChoicePicker value={timeChoice} zone={zone} onChange={setTimeChoice} onReach={() => setZoneReached(true)} />
              {at && (
                <p className="mt-2 text-sm text-gray-700" data-testid="time-choice-status">
                  Where trucks will be on {describeMoment(at, zone)}, by their schedules
                </p>
              )}
            </div>
            <div className="relative mb-4">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Search food trucks"
                placeholder="Name, cuisine, dish or address"
                ref={searchBox}
                maxLength={SEARCH_MAX_LENGTH}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
              />
              {search && (
                <button
                  type="button"
                  onClick={clearSearch}
                  aria-label="Clear search text"
                  className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-gray-600 hover:bg-gray-100"
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              )}
            </div>
            <TruckFilters value={filterIds} onChange={setFilterIds} />
            {/* Only where it changes something: the results hold listings, or they are hidden now. */}
            {(hideListings || hasListings) && (
              <label className="-mt-2 mb-4 flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  checked={hideListings}
                  onChange={(e) => setHideListings(e.target.checked)}
                  className="h-4 w-4"
                />
                Hide unclaimed listings
              </label>
            )}

            {query.isPending ? (
              <TruckListSkeleton />
            ) : query.isError && !query.data ? (
              <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
                Failed to load food trucks. Please try again later.
              </p>
            ) : (
              // No Suspense boundary of its own: when the list is server-rendered (ADR 0168), a
              // boundary still dehydrated when the screen re-renders (a query's answer arriving) is
              // hydrated synchronously, one long task (240-340 ms on a 4x slowed phone, session 18).
              <div ref={cardsInSight}>
                <TruckList
                  listed={listed}
                  totalCount={trucks.length}
                  search={listSearch}
                  searchPartial={searchPartial}
                  searchDishes={searchDishes}
                  onClearSearch={clearSearch}
                  expandedId={expandedId}
                  onToggle={onToggle}
                  onOpenMenu={onOpenMenu}
                  renderFavorite={renderFavorite}
                  renderDetails={renderRating}
                  renderSchedule={renderSchedule}
                  emptyText={at ? 'No trucks are scheduled at that time.' : undefined}
                  fitOf={fitOf}
                  filterCount={filterIds.length}
                  onClearFilters={clearFilters}
                  farther={farther}
                  nearbyOnly={nearbyOnly}
                  cameBackTo={expandedKept ? expandedId : null}
                  searching={!searchSettled}
                />
              </div>
            )}
          </section>
        </div>
      </div>

      {menuWanted && (
        <Suspense fallback={null}>
          <MenuDialog
            truck={menuTruck}
            onClose={() => setMenuTruckId(null)}
            needs={needs}
            orderAction={menuTruck && <OrderAhead truckId={menuTruck.id} />}
          />
        </Suspense>
      )}
    </main>
  );
}
