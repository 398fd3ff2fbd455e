import type { AuthResponse, ownDetailsSchema } from '@shared/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@client/lib/api-client';

export type OwnDetailsRequest = z.output<typeof ownDetailsSchema>;

/** PUT /api/auth/me: the caller's own username, email and phone; the answer is the session with the user as it now is. */
export function useUpdateOwnDetails() {
  return useMutation({ mutationFn: (body: OwnDetailsRequest) => apiJson<AuthResponse>('PUT', '/api/auth/me', body) });
}
