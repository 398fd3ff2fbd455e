import { useEffect } from 'react';
import { toastError } from '@client/lib/toast';

/** Spec section 8: a list that fails to load shows its toast ('Failed to fetch customers'...) once per failure. */
export function useFetchFailureToast(error: unknown, title: string): void {
  useEffect(() => {
    if (error) toastError(title, error, 'Please try again.');
  }, [error, title]);
}
