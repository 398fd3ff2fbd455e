/**
 * The audio decoder's own process (see audio-decoder.ts): decodes one recording per message and
 * answers with 16 kHz mono PCM, or the AudioInputError it met. A crash of the codecs' WebAssembly
 * (FAAD2 for AAC has taken whole processes down) ends only this process.
 */
import { decodeRecording } from './audio';
import { suppressNoise } from './noise-suppression';
import { AudioInputError } from './speech';
import type { DecodeReply, DecodeRequest } from './audio-decoder';

const reply = (message: DecodeReply) => process.send?.(message);

process.on('message', (request: DecodeRequest) => {
  if ('clean' in request) {
    suppressNoise(request.clean).then(
      (cleaned) => reply({ id: request.id, cleaned }),
      () => reply({ id: request.id, error: undefined }),
    );
    return;
  }
  decodeRecording(request.audio, request.maxSeconds).then(
    (recording) => reply({ id: request.id, recording }),
    (error: unknown) =>
      reply({
        id: request.id,
        error: error instanceof AudioInputError ? { message: error.message, reason: error.reason } : undefined,
      }),
  );
});
process.on('disconnect', () => process.exit(0));
reply({ ready: true });
