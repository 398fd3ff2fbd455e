import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-gray-200', className)} {...props} />;
}
