import { CUISINES } from '@shared/constants';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/select';
import type { TruckFormErrors, TruckFormValues } from '../truck-form';

/** Name, cuisine, description, phone (and base address on the create form). */
export function TruckFields({
  values,
  errors,
  onChange,
  withAddress = false,
}: {
  values: TruckFormValues;
  errors: TruckFormErrors;
  /** The new values and the field that changed (its error can be cleared). */
  onChange(next: TruckFormValues, changed: keyof TruckFormValues): void;
  withAddress?: boolean;
}) {
  const set = (key: keyof TruckFormValues) => (e: { target: { value: string } }) =>
    onChange({ ...values, [key]: e.target.value }, key);
  return (
    <div className="grid gap-4">
      <FormField label="Truck Name" error={errors.name}>
        <Input
          value={values.name}
          onChange={set('name')}
          placeholder="e.g. Taco Libre"
          autoComplete="organization"
        />
      </FormField>
      <FormField label="Cuisine Type" error={errors.cuisine}>
        <NativeSelect value={values.cuisine} onChange={set('cuisine')}>
          <option value="">Select cuisine type</option>
          {CUISINES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Description" error={errors.description}>
        <Textarea
          value={values.description}
          onChange={set('description')}
          placeholder="Tell customers about your food"
          rows={3}
        />
      </FormField>
      <FormField label="Phone Number" error={errors.phone}>
        <Input
          type="tel"
          value={values.phone}
          onChange={set('phone')}
          placeholder="(555) 123-4567"
          autoComplete="tel"
        />
      </FormField>
      {withAddress && (
        <FormField label="Base Address" error={errors.address} hint="Where customers can usually find you">
          <Input
            value={values.address}
            onChange={set('address')}
            placeholder="123 Main St, City, State"
            autoComplete="street-address"
          />
        </FormField>
      )}
    </div>
  );
}
