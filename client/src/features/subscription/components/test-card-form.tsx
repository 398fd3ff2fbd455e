import { FlaskConical } from 'lucide-react';
import { cardFieldErrors } from '@shared/utils/payment-card';
import { Input } from '@client/components/ui/input';
import { FormField } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { serverFieldErrors, submitHandler, useFormValues } from '@client/lib/forms';
import { useConfirmTestPayment } from '../api/confirm-test-payment';
import { toastPaymentError, toastPaymentFailed } from '../payment-toasts';
import { PayButton } from './pay-button';

const CARD_FIELDS = [
  { name: 'cardNumber', label: 'Card number', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  { name: 'expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: 'MM/YY' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123' },
] as const;

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
      <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <p>
          <strong>Test mode</strong> — no real payment is made. Use card <strong>4242 4242 4242 4242</strong>{' '}
          with any future date and any 3-digit CVC.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-4">
        {CARD_FIELDS.map((field) => (
          <div key={field.name} className={field.name === 'cardNumber' ? 'col-span-2' : undefined}>
            <FormField label={field.label} error={errors[field.name]}>
              <Input
                inputMode="numeric"
                autoComplete={field.autoComplete}
                placeholder={field.placeholder}
                value={values[field.name]}
                onChange={(e) => setField(field.name, e.target.value)}
              />
            </FormField>
          </div>
        ))}
      </div>
      <PayButton pending={confirm.isPending} />
    </form>
  );
}

const isMessage = (body: unknown): body is { message: string } =>
  Boolean(body && typeof body === 'object' && 'message' in body && typeof body.message === 'string');
