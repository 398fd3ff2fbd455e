import { truckSearchUrl } from '@shared/contracts/first-data';
import type { TruckSearchResult } from '@shared/contracts/trucks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiRequest, readJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useDebouncedValue } from '@client/lib/use-debounced-value';

/**
 * GET /api/food-trucks/search?q=: the ids of the trucks whose name, cuisine, address, description
 * or menu items hold the search, and the dishes it found on each. The list itself stays one cached
 * answer for every diner; a search asks only for ids, and the page keeps the trucks of its list
 * that either match on the card's own fields or are among these ids.
 */
export function truckSearchQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.truckSearch(q),
    queryFn: () => readJson<TruckSearchResult>(apiRequest('GET', truckSearchUrl(q))),
    staleTime: 30_000,
  });
}

export interface TruckSearch {
  /** The ids matching the search; empty while there is none. */
  hits: ReadonlySet<number>;
  /** No truck holds every word of the search ("korean bbq"): `hits` hold the most of them. */
  partial: boolean;
  /** The dishes the search found on a truck's menu, by truck id; none for a truck found otherwise. */
  dishes: ReadonlyMap<number, readonly string[]>;
  /** The search as asked for (trimmed, once typing paused): what the page keeps in its URL. */
  term: string;
  /**
   * The server has answered for the text as typed now (or failed to, or cannot while the device is
   * offline, or nothing is typed): until then, a list empty on the cards' own fields may yet fill
   * from the menus and descriptions.
   */
  settled: boolean;
}

const NONE = { hits: new Set<number>(), partial: false, dishes: new Map<number, readonly string[]>() };

/**
 * Whether an answer for one search still says something true of another while the other's answer
 * loads: one of them holds the other ("brisk" and "brisket"), so the diner is refining or trimming
 * what they typed. An answer for another search altogether ("brisket", then "pho") would list its
 * trucks under the new text.
 */
export function answerHolds(answered: string, typed: string): boolean {
  return typed.length > 0 && (typed.includes(answered) || answered.includes(typed));
}

/** The trucks matching `search` once typing pauses. */
export function useTruckSearch(search: string): TruckSearch {
  const typed = search.trim();
  const term = useDebouncedValue(typed, 250);
  const query = useQuery({ ...truckSearchQuery(term), enabled: term.length > 0 });
  // The last answer and the search it answers: kept while the next loads, and shown only for a search
  // it still says something true of (answerHolds).
  const [answer, setAnswer] = useState<{ term: string; data: TruckSearchResult } | null>(null);
  if (term.length > 0 && query.data && answer?.data !== query.data) setAnswer({ term, data: query.data });
  const data = answer && answerHolds(answer.term, typed) ? answer.data : undefined;
  // No answer is coming for it either when it failed, or while the device is offline (the query waits
  // for the network): the list then says what the cards' own fields match.
  const unanswerable = query.isError || query.fetchStatus === 'paused';
  const settled = typed.length === 0 || answer?.term === typed || (term === typed && unanswerable);
  return useMemo(
    () => ({
      ...(data
        ? { hits: new Set(data.ids), partial: data.partial, dishes: new Map(Object.entries(data.dishes).map(([id, names]) => [Number(id), names])) }
        : NONE),
      term,
      settled,
    }),
    [data, term, settled],
  );
}
