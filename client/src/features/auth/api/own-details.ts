import type { AuthResponse, OwnDetailsResponse, ownDetailsSchema, phoneChangeConfirmSchema } from '@shared/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@client/lib/api-client';

export type OwnDetailsRequest = z.output<typeof ownDetailsSchema>;

/**
 * PUT /api/auth/me: the caller's own username, email and phone; the answer is the session with the
 * user as it now is, and the new number a code was texted to, if the phone changed (ADR 0188).
 */
export function useUpdateOwnDetails() {
  return useMutation({ mutationFn: (body: OwnDetailsRequest) => apiJson<OwnDetailsResponse>('PUT', '/api/auth/me', body) });
}

/** POST /api/auth/me/phone: the code texted to the new number moves the account to it. */
export function useConfirmNewPhone() {
  return useMutation({
    mutationFn: (body: z.output<typeof phoneChangeConfirmSchema>) => apiJson<AuthResponse>('POST', '/api/auth/me/phone', body),
  });
}

/** POST /api/auth/me/phone/code (202): texts a code to the caller's own number, to confirm it (ADR 0189). */
export function useAskForPhoneCode() {
  return useMutation({ mutationFn: () => apiJson<{ phoneToConfirm: string }>('POST', '/api/auth/me/phone/code') });
}
