import type { MenuItem } from '@shared/contracts';
import {
  conflictReasons,
  DIET_TEXT,
  featureGroupsOf,
  hasNeeds,
  itemFit,
  labelTexts,
  NOTHING_STATED,
  notStatedText,
  statedFeatures,
  truckDietOptions,
  type DietaryNeeds,
  type TruckFacts,
  type TruckFeature,
  type TruckFeatures,
} from '@shared/utils/attributes';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { Glyph } from '@client/components/ui/glyph';
import type { GlyphName } from '@client/components/ui/glyph-names';
import { cn } from '@client/lib/utils';

/** Know before you go (issue 28): a truck's features and its menu's labels, with icons and words. */

export const FEATURE_ICONS: Record<TruckFeature, GlyphName> = {
  cards: 'credit-card',
  cash: 'banknote',
  phoneWallets: 'smartphone',
  stepFree: 'accessibility',
  reachableCounter: 'arrow-down-to-line',
  orderFromSeat: 'hand-platter',
  seating: 'armchair',
  shade: 'umbrella',
  restroomNearby: 'toilet',
  petFriendly: 'paw-print',
};

const chip = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium';

/**
 * What a card and a popup show: the stated features (yes in green, no struck through in grey — the
 * words say which: 'Takes cards', 'No cards') and the diets the menu has options for. The icons are
 * decoration; the text is what a screen reader reads. Nothing when nothing is stated.
 */
export function TruckFeatureBadges({ truck, className }: { truck: TruckFacts; className?: string }) {
  const stated = statedFeatures(truck.features);
  const diets = truckDietOptions(truck);
  if (stated.length === 0 && diets.length === 0) return null;
  return (
    <ul aria-label="Know before you go" className={cn('flex flex-wrap gap-1', className)} data-testid="truck-features">
      {stated.map(({ feature, value, text }) => {
        return (
          <li
            key={feature}
            className={cn(chip, value ? 'border-green-200 bg-green-50 text-green-900' : 'border-gray-200 bg-gray-50 text-gray-700')}
          >
            <Glyph name={FEATURE_ICONS[feature]} className="h-3 w-3" />
            {text}
          </li>
        );
      })}
      {diets.map((diet) => (
        <li key={diet} className={cn(chip, 'border-lime-200 bg-lime-50 text-lime-900')}>
          <Glyph name="leaf" className="h-3 w-3" />
          {DIET_TEXT[diet]} options
        </li>
      ))}
    </ul>
  );
}

/**
 * The truck page's full list, by group: each stated feature on a line (icon and words), then what the
 * truck has not stated, in one line per group; the access note under Access. A truck that has stated
 * nothing gets one line saying so, not ten lines of "not stated".
 */
export function TruckFeatureDetails({
  features,
  accessNote,
  headingLevel: Heading = 'h3',
}: {
  features: TruckFeatures | null | undefined;
  accessNote: string | null | undefined;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const groups = featureGroupsOf(features);
  if (!accessNote && groups.every((g) => g.stated.length === 0)) {
    return (
      <p className="text-sm text-gray-700" data-testid="truck-feature-details">
        {NOTHING_STATED}
      </p>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-3" data-testid="truck-feature-details">
      {groups.map((group) => (
        <div key={group.id}>
          <Heading className="text-sm font-semibold text-gray-800">{group.label}</Heading>
          {group.stated.length > 0 && (
            <ul className="mt-1 grid gap-1">
              {group.stated.map(({ feature, value, text }) => (
                <li key={feature} className="flex items-center gap-2 text-sm">
                  <Glyph name={FEATURE_ICONS[feature]} className={value ? 'h-4 w-4 text-green-700' : 'h-4 w-4 text-gray-500'} />
                  <span className={value ? 'text-gray-900' : 'text-gray-700'}>{text}</span>
                </li>
              ))}
            </ul>
          )}
          {group.id === 'access' && accessNote && <p className="mt-1 text-sm text-gray-700">{accessNote}</p>}
          {group.notStated.length > 0 && <p className="mt-1 text-sm text-gray-600">{notStatedText(group.notStated)}</p>}
        </div>
      ))}
    </div>
  );
}

/**
 * A menu item's labels on diners' menus: diets, allergens ('Contains peanuts', 'May contain sesame',
 * 'No dairy'), sold out today, and — for a customer with saved needs — a flag when it conflicts.
 */
export function MenuItemLabels({ item, needs }: { item: Pick<MenuItem, 'diets' | 'allergens' | 'soldOutToday'>; needs?: DietaryNeeds | null }) {
  const { diets, allergens } = labelTexts(item);
  const conflicts = hasNeeds(needs) && itemFit(item, needs) === 'conflicts' ? conflictReasons(item, needs) : [];
  if (!item.soldOutToday && diets.length === 0 && allergens.length === 0 && conflicts.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {item.soldOutToday && (
        <span className={cn(chip, 'border-red-200 bg-red-50 text-red-800')} data-testid="sold-out">
          Sold out today
        </span>
      )}
      {conflicts.length > 0 && (
        <span className={cn(chip, 'border-amber-300 bg-amber-50 text-amber-900')} data-testid="diet-conflict">
          <TriangleAlert className="h-3 w-3" aria-hidden />
          Not for your needs: {conflicts.join(', ')}
        </span>
      )}
      {diets.map((text) => (
        <span key={text} className={cn(chip, 'border-lime-200 bg-lime-50 text-lime-900')}>
          <Glyph name="leaf" className="h-3 w-3" />
          {text}
        </span>
      ))}
      {allergens.map(({ allergen, state, text }) => (
        <span
          key={allergen}
          className={cn(chip, state === 'free' ? 'border-gray-200 bg-white text-gray-700' : 'border-orange-200 bg-orange-50 text-orange-900')}
        >
          {text}
        </span>
      ))}
    </div>
  );
}
