import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/**
 * An on/off switch: a button with the ARIA switch role, as Radix's Switch renders it, controlled
 * by `checked` and `onCheckedChange`. Not Radix's own: it keeps its button in state from a ref
 * callback, an update React runs synchronously in the commit that mounts it, so the hydration of a
 * screen with a switch (the favourites' SMS alerts, the dashboard's open switch) ended in a second,
 * synchronous render of the whole screen: the longest task of both pages (Lighthouse traces,
 * issue 33).
 */
export function Switch({
  checked,
  onCheckedChange,
  className,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'type' | 'role' | 'value'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={props.disabled ? '' : undefined}
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-green-700 data-[state=unchecked]:bg-gray-400',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      {...props}
    >
      <span
        data-state={state}
        className="pointer-events-none block h-5 w-5 rounded-full bg-white shadow-lg transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </button>
  );
}
