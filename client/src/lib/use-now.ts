import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` (labels such as 'Open now until 14:00' stay true). */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
