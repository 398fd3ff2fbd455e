import { useMemo } from 'react';
import { useAuth } from '@client/lib/auth';
import { useTruckEventsConnection } from '@client/entities/truck/use-truck-events';
import { useFavorites } from '../api/favorites';

const NONE = new Set<number>();

/** Ids of the signed-in user's favourite trucks (empty for visitors), from the one favourites list. */
export function useFavoriteIds(): ReadonlySet<number> {
  const { user } = useAuth();
  const live = useTruckEventsConnection() === 'open';
  const { data } = useFavorites(live, Boolean(user));
  return useMemo(() => (user && data ? new Set(data.map((t) => t.id)) : NONE), [user, data]);
}
