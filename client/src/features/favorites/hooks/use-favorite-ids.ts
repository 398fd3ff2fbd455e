import { useMemo } from 'react';
import { useAuth } from '@client/lib/auth';
import { useTruckStreamOpen } from '@client/entities/truck/use-truck-events';
import { useFavorites } from '../api/favorites';

const NONE = new Set<number>();

/** Ids of the signed-in user's favourite trucks (empty for visitors), from the one favourites list. */
export function useFavoriteIds(): ReadonlySet<number> {
  const { user } = useAuth();
  // A visitor has no favourites: the stream's state is nothing to them.
  const live = useTruckStreamOpen(Boolean(user));
  const { data } = useFavorites(live, Boolean(user));
  return useMemo(() => (user && data ? new Set(data.map((t) => t.id)) : NONE), [user, data]);
}
