import Search from 'lucide-react/icons/search';
import type { ReactNode } from 'react';
import { Input } from '@client/components/ui/input';

/** A list's search box, its extra filters and its count line ('{n} customer(s) found'). */
export function ListToolbar({
  search,
  onSearch,
  placeholder,
  label,
  count,
  children,
}: {
  search: string;
  onSearch(value: string): void;
  placeholder: string;
  /** Accessible name of the search box. */
  label: string;
  /** The count line, once the first page has loaded. */
  count?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 grid gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
            aria-hidden
          />
          <Input
            type="search"
            aria-label={label}
            placeholder={placeholder}
            className="pl-9"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        {children}
      </div>
      <p className="text-sm text-gray-700" role="status" aria-live="polite">
        {count ?? '\u00a0'}
      </p>
    </div>
  );
}
