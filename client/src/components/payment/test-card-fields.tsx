import FlaskConical from 'lucide-react/icons/flask-conical';
import type { CardInput } from '@shared/utils/payment-card';
import { Input } from '@client/components/ui/input';
import { FormField } from '@client/components/ui/form-field';

const CARD_FIELDS = [
  { name: 'cardNumber', label: 'Card number', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  { name: 'expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: 'MM/YY' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123' },
] as const;

/**
 * Test mode's card fields (no Stripe keys configured), clearly labelled: the subscription's payment
 * form and the order checkout (issue 30) both use them. The rules are shared/utils/payment-card.ts.
 */
export function TestCardFields({
  values,
  errors,
  setField,
}: {
  values: CardInput;
  errors: Partial<Record<string, string | undefined>>;
  setField: (name: keyof CardInput, value: string) => void;
}) {
  return (
    <>
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
    </>
  );
}
