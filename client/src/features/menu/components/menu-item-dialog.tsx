import { MENU_CATEGORIES } from '@shared/constants';
import { menuItemFormSchema, priceField, type MenuItem, type MenuItemFormInput } from '@shared/contracts';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { invalid, submitHandler, type Validation } from '@client/lib/forms';
import { formatPrice } from '@shared/utils/format';
import { ALLERGENS, ALLERGEN_STATES, ALLERGEN_STATE_TEXT, ALLERGEN_TEXT, DIETS, DIET_TEXT } from '@shared/utils/attributes';

export interface MenuItemFormValues {
  name: string;
  price: string;
  description: string;
  category: string;
  available: boolean;
  diets: MenuItem['diets'];
  allergens: MenuItem['allergens'];
}
type Errors = Partial<Record<keyof MenuItemFormValues, string>>;

export const menuItemFormFrom = (item?: MenuItem): MenuItemFormValues => ({
  name: item?.name ?? '',
  price: item ? item.price.toFixed(2) : '',
  description: item?.description ?? '',
  category: item?.category ?? '',
  available: item?.available ?? true,
  diets: item?.diets ?? {},
  allergens: item?.allergens ?? {},
});

/** The dialog's values checked with the shared contract. */
export function parseMenuItemForm(
  values: MenuItemFormValues,
): Validation<MenuItemFormInput, keyof MenuItemFormValues> {
  const input: MenuItemFormInput = { ...values, category: values.category || undefined };
  const result = menuItemFormSchema.safeParse(input);
  return result.success
    ? { success: true, data: { ...input, price: result.data.price } }
    : invalid(result.error);
}

/** What the typed price will be saved as ('Saves as $2.50'), shown before saving; nothing while it is not a price. */
function pricePreview(typed: string): string | undefined {
  if (!typed.trim()) return undefined;
  const parsed = priceField.safeParse(typed);
  return parsed.success ? `Saves as ${formatPrice(parsed.data)}` : undefined;
}

/** Add or edit a menu item: name, price, description, category and availability. */
export function MenuItemDialog({
  open,
  onOpenChange,
  item,
  isSaving,
  onSave,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The item to edit; none to add a new one. */
  item?: MenuItem | undefined;
  isSaving: boolean;
  onSave(input: MenuItemFormInput): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{item ? 'Edit Menu Item' : 'Add Menu Item'}</DialogTitle>
          <DialogDescription>
            {item ? `Change the details of ${item.name}.` : 'Add a dish or drink to your menu.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <MenuItemForm
            item={item}
            isSaving={isSaving}
            onSave={onSave}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * An item's diet labels and allergens (issue 28): each a native select that starts at 'Not stated'
 * — a diner filtering for "no peanuts" sees only items whose operator said so, never a guess.
 */
function ItemLabelFields({
  diets,
  allergens,
  onDiets,
  onAllergens,
}: {
  diets: MenuItem['diets'];
  allergens: MenuItem['allergens'];
  onDiets(next: MenuItem['diets']): void;
  onAllergens(next: MenuItem['allergens']): void;
}) {
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Diet</legend>
        <div className="grid grid-cols-2 gap-2">
          {DIETS.map((diet) => (
            <FormField key={diet} label={DIET_TEXT[diet]}>
              <NativeSelect
                value={diets[diet] === undefined ? '' : diets[diet] ? 'yes' : 'no'}
                onChange={(e) => {
                  const next = { ...diets };
                  if (e.target.value === '') delete next[diet];
                  else next[diet] = e.target.value === 'yes';
                  onDiets(next);
                }}
              >
                <option value="">Not stated</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </NativeSelect>
            </FormField>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Allergens</legend>
        <div className="grid grid-cols-2 gap-2">
          {ALLERGENS.map((allergen) => (
            <FormField key={allergen} label={ALLERGEN_TEXT[allergen]}>
              <NativeSelect
                value={allergens[allergen] ?? ''}
                onChange={(e) => {
                  const next = { ...allergens };
                  const state = ALLERGEN_STATES.find((s) => s === e.target.value);
                  if (state) next[allergen] = state;
                  else delete next[allergen];
                  onAllergens(next);
                }}
              >
                <option value="">Not stated</option>
                {ALLERGEN_STATES.map((state) => (
                  <option key={state} value={state}>
                    {ALLERGEN_STATE_TEXT[state]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ))}
        </div>
      </fieldset>
    </>
  );
}

function MenuItemForm({
  item,
  isSaving,
  onSave,
  onCancel,
}: {
  item?: MenuItem | undefined;
  isSaving: boolean;
  onSave(input: MenuItemFormInput): void;
  onCancel(): void;
}) {
  const [values, setValues] = useState(() => menuItemFormFrom(item));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof MenuItemFormValues>(key: K, value: MenuItemFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = submitHandler(() => parseMenuItemForm(values), setErrors, onSave);

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField label="Name" error={errors.name}>
        <Input
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          placeholder="e.g. Al Pastor Taco"
        />
      </FormField>
      <FormField label="Price ($)" error={errors.price} hint={pricePreview(values.price)}>
        <Input
          // Text, not number: a number input drops a decimal comma ('2,50' became 250) without a word.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={values.price}
          onChange={(e) => set('price', e.target.value)}
          placeholder="0.00"
        />
      </FormField>
      <FormField label="Description" error={errors.description}>
        <Textarea value={values.description} onChange={(e) => set('description', e.target.value)} rows={3} />
      </FormField>
      <FormField label="Category" error={errors.category}>
        <NativeSelect value={values.category} onChange={(e) => set('category', e.target.value)}>
          <option value="">Select a category</option>
          {MENU_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <ItemLabelFields
        diets={values.diets}
        allergens={values.allergens}
        onDiets={(diets) => set('diets', diets)}
        onAllergens={(allergens) => set('allergens', allergens)}
      />
      <div className="flex items-center gap-3">
        <Switch
          id="menu-item-available"
          checked={values.available}
          onCheckedChange={(v) => set('available', v)}
        />
        <Label htmlFor="menu-item-available">Available</Label>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving && <Spinner label="Saving" />} {item ? 'Save Item' : 'Add Item'}
        </Button>
      </DialogFooter>
    </form>
  );
}
