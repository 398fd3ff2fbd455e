import type { AppConfig } from '@shared/contracts/app-config';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The installation's settings (demo credentials for the login hint, the payment mode and Stripe's
 * publishable key); loaded once with the default GET. Shared by features, so it lives in lib/.
 */
export const useAppConfig = () => useQuery<AppConfig>({ queryKey: queryKeys.appConfig, staleTime: Infinity });
