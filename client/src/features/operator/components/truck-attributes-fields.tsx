import { FEATURE_GROUPS, FEATURE_TEXT, type TruckFeature, type TruckFeatures } from '@shared/utils/attributes';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/select';

/** A tri-state choice as the select's value: '' = not stated. */
export type Stated = '' | 'yes' | 'no';
export const statedOf = (value: boolean | undefined): Stated => (value === undefined ? '' : value ? 'yes' : 'no');
export const valueOf = (stated: string): boolean | undefined => (stated === 'yes' ? true : stated === 'no' ? false : undefined);

/** The features with `feature` set to what the select says (left out when 'Not stated'). */
export function withFeature(features: TruckFeatures, feature: TruckFeature, stated: string): TruckFeatures {
  const next = { ...features };
  const value = valueOf(stated);
  if (value === undefined) delete next[feature];
  else next[feature] = value;
  return next;
}

/**
 * The edit screen's "Know before you go" (issue 28): payment, access and amenities, each a native
 * select (keyboard and touch friendly, no portal) whose default is 'Not stated' — never a guess —
 * and a short note beside the access features.
 */
export function TruckAttributesFields({
  features,
  accessNote,
  accessNoteError,
  onFeaturesChange,
  onAccessNoteChange,
}: {
  features: TruckFeatures;
  accessNote: string;
  accessNoteError?: string | undefined;
  onFeaturesChange(next: TruckFeatures): void;
  onAccessNoteChange(next: string): void;
}) {
  return (
    <div className="grid gap-6">
      {FEATURE_GROUPS.map((group) => (
        <fieldset key={group.id} className="grid gap-3">
          <legend className="mb-2 text-base font-semibold">{group.label}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {group.features.map((feature) => (
              <FormField key={feature} label={FEATURE_TEXT[feature].label}>
                <NativeSelect value={statedOf(features[feature])} onChange={(e) => onFeaturesChange(withFeature(features, feature, e.target.value))}>
                  <option value="">Not stated</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </NativeSelect>
              </FormField>
            ))}
          </div>
          {group.id === 'access' && (
            <FormField
              label="Access note"
              error={accessNoteError}
              hint="Optional, up to 200 characters: e.g. “Ramp on request; counter at 34 in”"
            >
              <Textarea value={accessNote} onChange={(e) => onAccessNoteChange(e.target.value)} rows={2} maxLength={200} />
            </FormField>
          )}
        </fieldset>
      ))}
    </div>
  );
}
