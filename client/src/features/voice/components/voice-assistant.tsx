import { FREE_VOICE_USES } from '@shared/constants';
import type { VoiceAnswer } from '@shared/contracts/voice';
import Loader2 from 'lucide-react/icons/loader-circle';
import MapPin from 'lucide-react/icons/map-pin';
import Mic from 'lucide-react/icons/mic';
import Play from 'lucide-react/icons/play';
import Send from 'lucide-react/icons/send';
import Square from 'lucide-react/icons/square';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { toast, toastError } from '@client/lib/toast';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { useAskVoice, useFreeUsesLeft } from '../api/ask-voice';
import { readFreeUses, writeFreeUses } from '../free-uses';
import { useAnswerAudio } from '../hooks/use-answer-audio';
import { blobToDataUrl, isRecordingSupported, useRecorder } from '../hooks/use-recorder';
import { positionOrNull } from '@client/lib/geolocation';

/** The diner's position for "nearest" questions (spec section 9's map option set), or null. */
const diningPosition = () => positionOrNull('map');

export interface VoiceAssistantProps {
  /** `compact` in the navbar popover, `card` on /find-trucks. */
  variant?: 'compact' | 'card';
  /** A recommendation was chosen (or, on /find-trucks, arrived): the ids, best first. */
  onRecommend?: (truckIds: number[]) => void;
  /** Call onRecommend as soon as an answer recommends trucks (the page's card, beside the map). */
  autoRecommend?: boolean;
}

type Phase = 'idle' | 'recording' | 'processing' | 'ready' | 'playing';

const PHASE_TEXT: Record<Phase, string> = {
  idle: 'Press the microphone and ask about food trucks.',
  recording: 'Listening… press stop when you are done.',
  processing: 'Thinking…',
  ready: 'Response ready.',
  playing: 'Playing the answer…',
};

/** The voice assistant (spec section 2): record or type a question, read and hear the answer. */
export default function VoiceAssistant({
  variant = 'compact',
  onRecommend,
  autoRecommend = false,
}: VoiceAssistantProps) {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const [freeUses, setFreeUses] = useState(readFreeUses);
  const [answer, setAnswer] = useState<VoiceAnswer | null>(null);
  const [typed, setTyped] = useState('');
  const sessionRef = useRef<string | null>(null);
  const positionRef = useRef<Promise<{ latitude: number; longitude: number } | null> | null>(null);
  const ask = useAskVoice(signedIn);
  // The server's count for this visitor replaces the browser's stored guess as soon as it arrives.
  const serverUses = useFreeUsesLeft(!signedIn).data?.freeUsesRemaining;
  useEffect(() => {
    if (serverUses === undefined) return;
    writeFreeUses(serverUses);
    setFreeUses(serverUses);
  }, [serverUses]);
  const audio = useAnswerAudio(answer?.audioUrl ?? null);
  const statusId = useId();
  const typedId = useId();

  const send = useCallback(
    async (question: { audioData?: string; text?: string }) => {
      const userLocation = await (positionRef.current ?? diningPosition());
      positionRef.current = null;
      try {
        const result = await ask.mutateAsync({ ...question, userLocation, sessionId: sessionRef.current });
        sessionRef.current = result.sessionId;
        setAnswer(result);
        let note = '';
        if (!signedIn && result.freeUsesRemaining !== undefined) {
          writeFreeUses(result.freeUsesRemaining);
          setFreeUses(result.freeUsesRemaining);
          note = ` You have ${result.freeUsesRemaining} free ${result.freeUsesRemaining === 1 ? 'use' : 'uses'} left.`;
        }
        toast({
          title: 'Voice Assistant',
          description: `Response ready! Click the play button to hear it.${note}`,
        });
        if (autoRecommend && result.recommendedTruckIds.length > 0) onRecommend?.(result.recommendedTruckIds);
      } catch (error) {
        if (error instanceof ApiError && error.status === 429 && !signedIn) {
          writeFreeUses(0);
          setFreeUses(0);
          toast({
            variant: 'destructive',
            title: 'Free uses exhausted',
            description: 'Sign up to continue using the voice assistant and save your favorite food trucks!',
          });
          return;
        }
        if (
          error instanceof ApiError &&
          error.status === 400 &&
          errorMessage(error, '') === 'No audio recorded'
        ) {
          toast({
            variant: 'destructive',
            title: 'No audio recorded',
            description: 'Please try recording again.',
          });
          return;
        }
        toastError('Processing failed', error, 'Please try your voice query again.');
      }
    },
    [ask, signedIn, autoRecommend, onRecommend],
  );

  const onRecorded = useCallback(
    async (blob: Blob) => {
      let audioData: string;
      try {
        audioData = await blobToDataUrl(blob);
      } catch {
        toast({
          variant: 'destructive',
          title: 'Audio processing failed',
          description: 'Please try recording your question again.',
        });
        return;
      }
      await send({ audioData });
    },
    [send],
  );
  const recorder = useRecorder(onRecorded);

  const exhausted = !signedIn && freeUses <= 0;
  const phase: Phase = recorder.recording
    ? 'recording'
    : ask.isPending
      ? 'processing'
      : audio.playing
        ? 'playing'
        : answer
          ? 'ready'
          : 'idle';

  const startRecording = () => {
    if (exhausted) return;
    // Ask for the position while the diner speaks, so it is there when the question is sent.
    positionRef.current = diningPosition();
    void recorder.start();
  };

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (!text || exhausted || ask.isPending) return;
    setTyped('');
    void send({ text });
  };

  // The answer stays in view when it used the last free question: the upsell comes below it.
  const answerView = answer && (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-md bg-gray-50 p-3" data-testid="voice-answer">
      {answer.transcript && (
        <p className="text-xs wrap-anywhere text-gray-700">
          You asked: <q>{answer.transcript}</q>
        </p>
      )}
      <p aria-live="polite" className="text-sm font-medium wrap-anywhere text-gray-900">
        {answer.text}
      </p>
      {answer.recommendedTrucks.length > 0 && onRecommend && (
        <ul className="flex flex-wrap gap-2" aria-label="Recommended trucks">
          {answer.recommendedTrucks.map((truck, index) => (
            <li key={truck.id} className="max-w-full">
              {/* A long truck name wraps inside the 360-px popover rather than pushing Ask off-screen. */}
              <Button
                size="sm"
                variant="outline"
                className="h-auto max-w-full py-1 text-left whitespace-normal wrap-anywhere"
                onClick={() =>
                  onRecommend([truck.id, ...answer.recommendedTruckIds.filter((id, i) => i !== index)])
                }
              >
                <MapPin aria-hidden /> Show {truck.name} on map
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  const body = exhausted ? (
    <div className="grid gap-3">
      {answerView}
      <div className="grid gap-3" data-testid="voice-upsell">
        <p className="font-medium">You've used your {FREE_VOICE_USES} free voice questions.</p>
        <p className="text-sm text-gray-700">
          Sign up to continue using the voice assistant and save your favorite food trucks!
        </p>
        <div className="flex gap-2">
          <Button asChild size="sm">
            <Link href="/register">Sign Up</Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link href="/login">Log In</Link>
          </Button>
        </div>
      </div>
    </div>
  ) : (
    <div className="grid gap-3">
      {!isRecordingSupported() && (
        <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          Voice features are not supported in your browser. Please use a modern browser with microphone
          support.
        </p>
      )}
      <div className="flex items-center gap-2">
        {recorder.recording ? (
          <Button variant="destructive" onClick={recorder.stop} aria-describedby={statusId}>
            <Square aria-hidden /> Stop recording
          </Button>
        ) : (
          <Button
            onClick={startRecording}
            disabled={ask.isPending || !isRecordingSupported()}
            aria-describedby={statusId}
          >
            {ask.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Mic aria-hidden />} Start
            recording
          </Button>
        )}
        <Button
          variant="outline"
          size="icon"
          onClick={audio.playing ? audio.stop : audio.play}
          disabled={!answer?.text}
          aria-label={audio.playing ? 'Stop audio' : 'Play answer'}
        >
          {audio.playing ? <Square aria-hidden /> : <Play aria-hidden />}
        </Button>
      </div>
      <p id={statusId} role="status" className="text-sm text-gray-700">
        {PHASE_TEXT[phase]}
      </p>
      {answerView}
      <form onSubmit={submitTyped} className="flex gap-2">
        <label htmlFor={typedId} className="sr-only">
          Type your question
        </label>
        <Input
          id={typedId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Or type your question"
          maxLength={300}
          className="min-w-0 flex-1"
        />
        <Button
          type="submit"
          size="icon"
          variant="secondary"
          aria-label="Ask"
          disabled={!typed.trim() || ask.isPending}
        >
          <Send aria-hidden />
        </Button>
      </form>
      {!signedIn && (
        <p className="text-xs text-gray-700" data-testid="voice-free-uses">
          {freeUses} of {FREE_VOICE_USES} free questions left
        </p>
      )}
    </div>
  );

  if (variant === 'compact') {
    return (
      <section aria-label="Voice Assistant" className="grid gap-3">
        <h2 className="text-base font-semibold">Voice Assistant</h2>
        {body}
      </section>
    );
  }
  return (
    // A landmark, as the navbar's compact panel is: a screen reader's list of regions reaches it.
    <Card role="region" aria-labelledby={`${statusId}-title`}>
      <CardHeader className="pb-3">
        <h2 id={`${statusId}-title`} className="text-lg font-semibold leading-tight">
          Voice Assistant
        </h2>
        <CardDescription>Ask out loud, e.g. "Where is the nearest barbecue truck?"</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
