/**
 * The tailwind-merge class groups that classes written in client/src belong to (108 of its 379):
 * `cn` resolves conflicts only within and between these. Building the merge's class map for every
 * group took 80-180 ms of one task on a 4× slowed phone, in the navbar's first render on every
 * page (issue 33); for these groups it takes about half. `utils.test.ts` reads the source and
 * fails, naming the group, when a class of a group missing here is written.
 */
export const CLASS_GROUPS = [
  'aspect', 'display', 'sr', 'isolation', 'object-fit', 'overflow', 'overflow-x', 'overflow-y',
  'position', 'inset', 'inset-x', 'top', 'right', 'bottom', 'left', 'visibility', 'z', 'basis',
  'flex-direction', 'flex-wrap', 'flex', 'shrink', 'order', 'grid-cols', 'col-start-end',
  'col-start', 'row-start', 'gap', 'gap-x', 'gap-y', 'justify-content', 'justify-items',
  'justify-self', 'align-content', 'align-items', 'align-self', 'p', 'px', 'py', 'pt', 'pr', 'pb', 'pl', 'm',
  'mx', 'mt', 'mr', 'mb', 'ml', 'space-y', 'size', 'w', 'min-w', 'max-w', 'h', 'min-h', 'max-h',
  'font-size', 'font-weight', 'font-family', 'fvn-spacing', 'tracking', 'leading',
  'list-style-type', 'text-alignment', 'text-color', 'text-decoration', 'underline-offset',
  'text-transform', 'text-overflow', 'vertical-align', 'whitespace', 'break', 'wrap', 'bg-color',
  'gradient-from', 'gradient-via', 'gradient-to', 'rounded', 'border-w', 'border-w-t',
  'border-w-b', 'divide-y', 'border-style', 'border-color', 'divide-color', 'outline-style',
  'outline-offset', 'outline-w', 'outline-color', 'shadow', 'shadow-color', 'ring-w', 'ring-color',
  'opacity', 'blur', 'grayscale', 'backdrop-blur', 'transition', 'duration', 'animate', 'rotate',
  'translate-x', 'translate-y', 'appearance', 'cursor', 'pointer-events', 'scroll-mt', 'scroll-mb',
] as const;
