import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

interface SkeletonProps extends ComponentProps<'div'> {
  /**
   * For a part that arrives with the page's own load (a lazily loaded map or card), not for data
   * the diner waits on: it does not pulse. A pulse there says nothing the browser's own progress
   * does not, and it keeps the compositor drawing about 60 frames a second until the part comes: on
   * /find-trucks, 89 frames and twice the display compositor's CPU in a load, time the page's main
   * thread waited for a core on a 2-core machine (issue 33, ADR 0181).
   */
  still?: boolean;
}

export function Skeleton({ className, still = false, ...props }: SkeletonProps) {
  return (
    <div
      aria-hidden
      className={cn('rounded-md bg-gray-200', !still && 'animate-pulse', className)}
      {...props}
    />
  );
}
