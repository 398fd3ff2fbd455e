import type { AuthResponse, changePasswordSchema } from '@shared/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@client/lib/api-client';

export type ChangePasswordRequest = z.output<typeof changePasswordSchema>;

/** POST /api/auth/change-password: every other session ends; the answer is this session's new token. */
export function changePassword(body: ChangePasswordRequest): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/auth/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
