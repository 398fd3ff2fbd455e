import type { AppConfig } from '@shared/contracts/app-config';
import { useQuery } from '@tanstack/react-query';

export const appConfigQueryKey = ['/api/app-config'] as const;

/** The installation's settings (demo credentials for the login hint); loaded with the default GET. */
export const useAppConfig = () => useQuery<AppConfig>({ queryKey: appConfigQueryKey, staleTime: Infinity });
