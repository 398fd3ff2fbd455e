import type { VoiceAnswer, VoiceFreeUses, VoiceQuery } from '@shared/contracts/voice';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';

/** POST /api/voice-assistant (signed in) or /api/voice-assistant-free (anonymous). */
export function askVoice(query: VoiceQuery, signedIn: boolean): Promise<VoiceAnswer> {
  return apiJson<VoiceAnswer>('POST', signedIn ? '/api/voice-assistant' : '/api/voice-assistant-free', query);
}

export function useAskVoice(signedIn: boolean) {
  return useMutation({ mutationFn: (query: VoiceQuery) => askVoice(query, signedIn) });
}

/**
 * GET /api/voice-assistant-free/uses: the free questions this visitor has left, as the server
 * counts them (issue 25): what the panel shows before the first question. Anonymous visitors only.
 */
export function useFreeUsesLeft(enabled: boolean) {
  return useQuery({
    queryKey: ['voice-free-uses'],
    queryFn: () => apiJson<VoiceFreeUses>('GET', '/api/voice-assistant-free/uses'),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
