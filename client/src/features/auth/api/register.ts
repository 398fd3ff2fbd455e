import type { AuthResponse, registerSchema } from '@shared/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@client/lib/api-client';

export type RegisterRequest = z.output<typeof registerSchema>;

/** POST /api/auth/register (201): the form's values without confirmPassword. */
export function register(body: RegisterRequest): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
