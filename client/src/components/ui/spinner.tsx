import Loader2 from 'lucide-react/icons/loader-circle';
import { cn } from '@client/lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn('h-4 w-4 animate-spin', className)} />;
}
