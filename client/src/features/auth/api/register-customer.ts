import type { AuthResponse, customerSignupSchema } from '@shared/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@client/lib/api-client';

export type CustomerSignupRequest = z.output<typeof customerSignupSchema>;

/** POST /api/auth/register-customer (201): cleaned phone and password. */
export function registerCustomer(body: CustomerSignupRequest): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/auth/register-customer', body);
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
