import { toast } from '@client/lib/toast';

/** Spec section 8, payment: the provider's message when it declined; otherwise the generic error. */
export function toastPaymentFailed(message: string): void {
  toast({ variant: 'destructive', title: 'Payment Failed', description: message });
}

export function toastPaymentError(): void {
  toast({ variant: 'destructive', title: 'Error', description: 'Something went wrong. Please try again.' });
}
