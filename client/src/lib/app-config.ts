import type { AppConfig } from '@shared/contracts/app-config';
import { useQuery } from '@tanstack/react-query';

export const appConfigQueryKey = ['/api/app-config'] as const;

/**
 * The installation's settings (demo credentials for the login hint, the payment mode and Stripe's
 * publishable key); loaded once with the default GET. Shared by features, so it lives in lib/.
 */
export const useAppConfig = () => useQuery<AppConfig>({ queryKey: appConfigQueryKey, staleTime: Infinity });
