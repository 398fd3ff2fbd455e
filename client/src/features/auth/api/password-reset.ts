import type { AuthResponse, passwordResetRequestSchema, passwordResetSchema } from '@shared/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@client/lib/api-client';

/** POST /api/auth/password-reset (202): texts a code to the account with this phone, if any (ADR 0187). */
export function useAskForResetCode() {
  return useMutation({
    mutationFn: (body: z.output<typeof passwordResetRequestSchema>) =>
      apiJson<{ message: string }>('POST', '/api/auth/password-reset', body),
  });
}

/** POST /api/auth/password-reset/confirm: the code and the new password; signs in. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof passwordResetSchema>) =>
      apiJson<AuthResponse>('POST', '/api/auth/password-reset/confirm', body),
  });
}
