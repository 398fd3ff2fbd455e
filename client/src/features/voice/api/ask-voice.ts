import type { VoiceAnswer, VoiceQuery } from '@shared/contracts/voice';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';

/** POST /api/voice-assistant (signed in) or /api/voice-assistant-free (anonymous). */
export function askVoice(query: VoiceQuery, signedIn: boolean): Promise<VoiceAnswer> {
  return apiJson<VoiceAnswer>('POST', signedIn ? '/api/voice-assistant' : '/api/voice-assistant-free', query);
}

export function useAskVoice(signedIn: boolean) {
  return useMutation({ mutationFn: (query: VoiceQuery) => askVoice(query, signedIn) });
}
