import type { DietaryNeeds } from '@shared/utils/attributes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { queryKeys } from '@client/lib/query-keys';
import { isCustomer } from '@client/lib/roles';

const URL = '/api/auth/user/dietary-needs';

/** GET /api/auth/user/dietary-needs (customers). */
export function dietaryNeedsQuery() {
  return queryOptions({ queryKey: queryKeys.dietaryNeeds, queryFn: () => apiJson<DietaryNeeds>('GET', URL), staleTime: 60_000 });
}

/** The signed-in customer's saved needs; undefined for everyone else (and while loading). */
export function useDietaryNeeds(): DietaryNeeds | undefined {
  const { user } = useAuth();
  return useQuery({ ...dietaryNeedsQuery(), enabled: !!user && isCustomer(user) }).data;
}

/** PUT /api/auth/user/dietary-needs. */
export function useSaveDietaryNeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (needs: DietaryNeeds) => apiJson<DietaryNeeds>('PUT', URL, needs),
    onSuccess: (needs) => queryClient.setQueryData(queryKeys.dietaryNeeds, needs),
  });
}
