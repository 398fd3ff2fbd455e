import type { SmsPreferences } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

const URL = '/api/auth/user/sms-preferences';

/** GET /api/auth/user/sms-preferences (customers). */
export function smsPreferencesQuery() {
  return queryOptions({ queryKey: queryKeys.smsPreferences, queryFn: () => apiJson<SmsPreferences>('GET', URL) });
}

export function useSmsPreferences(enabled: boolean) {
  return useQuery({ ...smsPreferencesQuery(), enabled });
}

/** PUT /api/auth/user/sms-preferences: 'Text me when my favorites open'. */
export function useSetSmsPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: SmsPreferences) => apiJson<SmsPreferences>('PUT', URL, prefs),
    onSuccess: (prefs) => queryClient.setQueryData(queryKeys.smsPreferences, prefs),
  });
}
