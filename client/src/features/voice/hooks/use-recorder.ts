import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_LIMITS } from '@shared/contracts/voice';
import { toast } from '@client/lib/toast';

/** What browsers record: Chrome webm/opus, Firefox ogg/opus, Safari mp4/aac (the server sniffs the bytes). */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export const isRecordingSupported = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder !== 'undefined' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Recording stops (and sends) by itself just before the server's limit on a question's length. */
const AUTO_STOP_MS = (VOICE_LIMITS.maxSeconds - 0.5) * 1000;

/**
 * Microphone recording with MediaRecorder (echo cancellation and noise suppression on). Stopping
 * hands the recording to `onRecorded` at once (spec: stop sends automatically); so does reaching
 * the longest question the server takes (VOICE_LIMITS.maxSeconds).
 */
export function useRecorder(onRecorded: (audio: Blob) => void) {
  const [recording, setRecording] = useState(false);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  const start = useCallback(async () => {
    if (!isRecordingSupported()) {
      toast({
        variant: 'destructive',
        title: 'Audio not supported',
        description: "Your browser doesn't support audio recording. Please use a modern browser.",
      });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Recording failed',
        description: 'Please allow microphone access to use voice search.',
      });
      return;
    }
    const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(
      stream,
      mimeType ? { mimeType, audioBitsPerSecond: 64_000 } : undefined,
    );
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const autoStop = setTimeout(() => {
      if (recorder.state === 'recording') recorder.stop();
    }, AUTO_STOP_MS);
    recorder.onstop = () => {
      clearTimeout(autoStop);
      stream.getTracks().forEach((track) => track.stop());
      recorderRef.current = null;
      setRecording(false);
      if (chunks.length === 0) {
        toast({
          variant: 'destructive',
          title: 'No audio recorded',
          description: 'Please try recording again.',
        });
        return;
      }
      onRecordedRef.current(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
    };
    recorderRef.current = recorder;
    recorder.start();
    setRecording(true);
    toast({
      title: 'Listening...',
      description: 'Ask about food trucks, for example: where is the nearest taco truck?',
    });
  }, []);

  const stop = useCallback(() => {
    if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
  }, []);

  // Leaving the page mid-recording releases the microphone.
  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder?.state === 'recording') {
        recorder.onstop = null;
        recorder.stop();
        recorder.stream.getTracks().forEach((track) => track.stop());
      }
    },
    [],
  );

  return { recording, start, stop };
}

/** The recording as a data: URL (base64), as the API takes it. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}
