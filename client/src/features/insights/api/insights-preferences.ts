import type { InsightsPreferences } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/auth/user/insights-preferences: whether the customer's visits are counted. */
export function insightsPreferencesQuery() {
  return queryOptions({
    queryKey: queryKeys.insightsPreferences,
    queryFn: () => apiJson<InsightsPreferences>('GET', '/api/auth/user/insights-preferences'),
  });
}

export function useInsightsPreferences() {
  return useQuery(insightsPreferencesQuery());
}

/** PUT /api/auth/user/insights-preferences: "Don't count my visits". */
export function useSetInsightsPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InsightsPreferences) => apiJson<InsightsPreferences>('PUT', '/api/auth/user/insights-preferences', input),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.insightsPreferences, answer),
  });
}
