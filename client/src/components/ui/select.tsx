import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';
import { fieldClass } from './input';

/** A native select: accessible, mobile-friendly and testable without portals. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-10', className)} {...props} />;
}
