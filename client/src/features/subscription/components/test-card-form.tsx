import { cardFieldErrors } from '@shared/utils/payment-card';
import { TestCardFields } from '@client/components/payment/test-card-fields';
import { ApiError } from '@client/lib/api-client';
import { serverFieldErrors, submitHandler, useFormValues } from '@client/lib/forms';
import { useConfirmTestPayment } from '../api/confirm-test-payment';
import { toastPaymentError, toastPaymentFailed } from '../payment-toasts';
import { PayButton } from './pay-button';

/**
 * Test mode's own card form (no Stripe keys configured): clearly labelled, takes Stripe's test
 * cards, checks them as the server does, and pays through POST /api/payments/test/confirm.
 */
export function TestCardForm({ clientSecret, onPaid }: { clientSecret: string; onPaid: () => void }) {
  const { values, setField, errors, setErrors } = useFormValues({ cardNumber: '', expiry: '', cvc: '' });
  const confirm = useConfirmTestPayment();

  const onSubmit = submitHandler(
    () => {
      const found = cardFieldErrors(values);
      return Object.keys(found).length > 0
        ? { success: false as const, errors: found, messages: Object.values(found) }
        : { success: true as const, data: values };
    },
    setErrors,
    (card) =>
      confirm.mutate(
        { clientSecret, ...card },
        {
          onSuccess: onPaid,
          onError: (err) => {
            if (err instanceof ApiError && err.status === 400) setErrors(serverFieldErrors(err.body));
            else if (err instanceof ApiError && err.status === 402 && isMessage(err.body)) toastPaymentFailed(err.body.message);
            else toastPaymentError();
          },
        },
      ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TestCardFields values={values} errors={errors} setField={setField} />
      <PayButton pending={confirm.isPending} />
    </form>
  );
}

const isMessage = (body: unknown): body is { message: string } =>
  Boolean(body && typeof body === 'object' && 'message' in body && typeof body.message === 'string');
