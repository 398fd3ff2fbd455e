import { fieldClass } from '@client/components/ui/input';
import { cn } from '@client/lib/utils';

/**
 * A list filter: 'Any {label}' plus the given values (a native select: small, accessible, fine on
 * phones). Not a bare 'All': on a phone it stands under the search box with no label to say all of what.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <select
      aria-label={label}
      className={cn(fieldClass, 'h-10 sm:w-56')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">Any {label.toLowerCase()}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
