import type { NotificationPreferences } from '@shared/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

const URL = '/api/auth/user/notification-preferences';

/** GET /api/auth/user/notification-preferences (customers). */
export function notificationPreferencesQuery() {
  return queryOptions({ queryKey: queryKeys.notificationPreferences, queryFn: () => apiJson<NotificationPreferences>('GET', URL) });
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery());
}

/** PUT /api/auth/user/notification-preferences; the SMS switch on the favourites screen reads the same setting. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => apiJson<NotificationPreferences>('PUT', URL, prefs),
    onSuccess: (prefs) => {
      queryClient.setQueryData(queryKeys.notificationPreferences, prefs);
      queryClient.setQueryData(queryKeys.smsPreferences, { smsAlerts: prefs.sms.opened });
    },
  });
}
