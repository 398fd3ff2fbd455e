import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@client/lib/toast';

const playbackFailed = () =>
  toast({
    variant: 'destructive',
    title: 'Audio playback failed',
    description: 'Unable to play voice response. Please check the text response instead.',
  });

/** Plays the spoken answer; stop rewinds it (spec section 4), so play starts it over. */
export function useAnswerAudio(audioUrl: string | null) {
  const [playing, setPlaying] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    if (!audioUrl) return;
    const audio = new Audio(audioUrl);
    audio.preload = 'auto';
    audio.onended = () => setPlaying(false);
    audio.onpause = () => setPlaying(false);
    audio.onplay = () => setPlaying(true);
    audioRef.current = audio;
    return () => {
      audio.pause();
      audio.onended = audio.onpause = audio.onplay = null;
      audioRef.current = null;
      setPlaying(false);
    };
  }, [audioUrl]);

  const play = useCallback(async () => {
    const audio = audioRef.current;
    if (!audio) return playbackFailed();
    try {
      audio.currentTime = 0;
      await audio.play();
    } catch {
      setPlaying(false);
      playbackFailed();
    }
  }, []);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    audio.currentTime = 0;
    setPlaying(false);
  }, []);

  return { playing, play, stop };
}
