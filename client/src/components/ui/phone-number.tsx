import { formatPhone } from '@shared/utils/phone';
import { cn } from '@client/lib/utils';

/**
 * A phone number in running text (a toast, a note): its one display form, kept on one line — a
 * narrow toast otherwise breaks it at a hyphen ("737-728-" / "7754").
 */
export function PhoneNumber({ value, className }: { value: string; className?: string }) {
  return <span className={cn('whitespace-nowrap', className)}>{formatPhone(value)}</span>;
}
