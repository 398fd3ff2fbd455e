import type { AuthResponse, customerSignupSchema } from '@shared/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@client/lib/api-client';

export type CustomerSignupRequest = z.output<typeof customerSignupSchema>;

/** POST /api/auth/register-customer (201): cleaned phone and password. */
export const registerCustomer = (body: CustomerSignupRequest) =>
  apiJson<AuthResponse>('POST', '/api/auth/register-customer', body);

export const useRegisterCustomer = () => useMutation({ mutationFn: registerCustomer });
