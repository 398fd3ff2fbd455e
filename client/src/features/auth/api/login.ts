import type { AuthResponse, loginSchema } from '@shared/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@client/lib/api-client';

export type LoginRequest = z.output<typeof loginSchema>;

/** POST /api/auth/login: username holds a username or a phone number. */
export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/auth/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
