import { z } from 'zod';
import { rowId } from './common';
import { truckRatingSchema } from './trucks';

/** POST /api/favorites. */
export const favoriteCreateSchema = z.object({
  foodTruckId: rowId.describe('The truck to add to the signed-in customer\'s favourites'),
});
export type FavoriteCreateInput = z.input<typeof favoriteCreateSchema>;

/** GET /api/favorites/check/:truckId (spec section 3). */
export const favoriteCheckSchema = z.object({ isFavorite: z.boolean() });
export type FavoriteCheck = z.infer<typeof favoriteCheckSchema>;

export const RATING_STARS_MESSAGE = 'Stars must be a whole number from 1 to 5';

/** PUT /api/food-trucks/:id/rating. */
export const ratingInputSchema = z.object({
  stars: z.number({ error: RATING_STARS_MESSAGE }).int(RATING_STARS_MESSAGE).min(1, RATING_STARS_MESSAGE).max(5, RATING_STARS_MESSAGE),
});
export type RatingInput = z.input<typeof ratingInputSchema>;

/** The caller's own rating of a truck (null: not rated) and the truck's rating after the change. */
export const myRatingSchema = z.object({
  stars: z.number().int().nullable(),
  rating: truckRatingSchema.nullable(),
});
export type MyRating = z.infer<typeof myRatingSchema>;

/** GET/PUT /api/auth/user/sms-preferences: 'Text me when my favourites open'. */
export const smsPreferencesSchema = z.object({ smsAlerts: z.boolean() });
export type SmsPreferences = z.infer<typeof smsPreferencesSchema>;
