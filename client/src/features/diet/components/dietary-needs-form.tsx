import { ALLERGENS, ALLERGEN_TEXT, DIETS, DIET_TEXT, type Allergen, type Diet, type DietaryNeeds } from '@shared/utils/attributes';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Save from 'lucide-react/icons/save';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast, toastError } from '@client/lib/toast';
import { dietaryNeedsQuery, useSaveDietaryNeeds } from '../api/dietary-needs';

function Choices<T extends string>({
  legend,
  options,
  text,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  text: Record<T, string>;
  value: readonly T[];
  onChange(next: T[]): void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(option)}
              onChange={(e) => onChange(options.filter((o) => (o === option ? e.target.checked : value.includes(o))))}
            />
            {text[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Form({ saved }: { saved: DietaryNeeds }) {
  const [diets, setDiets] = useState<Diet[]>(saved.diets);
  const [avoid, setAvoid] = useState<Allergen[]>(saved.avoid);
  const save = useSaveDietaryNeeds();
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { diets, avoid },
          {
            onSuccess: () => toast({ title: 'Dietary needs saved' }),
            onError: (err) => toastError('Could not save', err, 'Please try again.'),
          },
        );
      }}
    >
      <Choices legend="I eat" options={DIETS} text={DIET_TEXT} value={diets} onChange={setDiets} />
      <Choices legend="I avoid" options={ALLERGENS} text={ALLERGEN_TEXT} value={avoid} onChange={setAvoid} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : <Save aria-hidden />} Save dietary needs
        </Button>
      </div>
    </form>
  );
}

/**
 * A customer's dietary needs (issue 28): with them saved, /find-trucks dims the trucks with nothing
 * that suits them and menus flag the items that conflict. Only what trucks state counts.
 */
export function DietaryNeedsForm() {
  // Shown to customers only (the account screen): their needs are always asked for here.
  const query = useQuery(dietaryNeedsQuery());
  if (query.data) return <Form saved={query.data} />;
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-red-800">
        <p>Could not load your dietary needs.</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  return <Spinner className="h-5 w-5 text-brand-700" label="Loading dietary needs" />;
}
