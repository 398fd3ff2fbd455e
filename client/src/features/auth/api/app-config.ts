import type { AppConfig } from '@shared/contracts/app-config';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/** The installation's settings (demo credentials for the login hint); loaded with the default GET. */
export const useAppConfig = () => useQuery<AppConfig>({ queryKey: queryKeys.appConfig, staleTime: Infinity });
