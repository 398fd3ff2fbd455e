import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a map's parts are due: none at first, then one more after each frame, each rendered
 * as a transition in a task of its own once the browser has drawn the previous one. Leaflet's
 * set-up, the tile layer's first tiles and the cluster layer's markers were one task of 200-430 ms
 * on a 4× slowed phone (issue 33), a fifth of it the layout Leaflet forces when it measures the map
 * in the middle of the commit that had just revealed the map and the voice card. One part a frame,
 * each task stays short enough to let a tap or a key through, and Leaflet measures a page already
 * laid out.
 */
export function useStagesDue(stages: number): number {
  const [due, setDue] = useState(0);
  useEffect(() => {
    if (due >= stages) return;
    // A frame's callback runs before the browser draws it; a task queued from there runs after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDue((d) => d + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [due, stages]);
  return due;
}
