import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from './api-client';

/** A failure toast (spec section 8): the server's message when it sent one, else the fallback. */
export function toastError(title: string, error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title, description: errorMessage(error, fallback) });
}
