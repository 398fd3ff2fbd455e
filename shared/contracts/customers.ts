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

/** GET/PUT /api/auth/user/sms-preferences: 'Text me when my favorites open'. */
export const smsPreferencesSchema = z.object({ smsAlerts: z.boolean() });
export type SmsPreferences = z.infer<typeof smsPreferencesSchema>;

/**
 * POST /api/admin/sms/inbound: an admin (or a test) hands the server a reply as if it had come to
 * our number. The one way in for replies while the offline SMS provider runs, which takes none
 * from the network (issue 32).
 */
export const smsInboundSimulationSchema = z.object({
  from: z.string().trim().min(1, 'From is required').max(32, 'From must be at most 32 characters'),
  body: z.string().max(1600, 'Body must be at most 1600 characters'),
});
export type SmsInboundSimulation = z.input<typeof smsInboundSimulationSchema>;

/** What the reply did: `optOut` true (STOP…), false (START…) or null (any other text); `matched` accounts changed. */
export const smsInboundResultSchema = z.object({ optOut: z.boolean().nullable(), matched: z.number().int() });
export type SmsInboundResult = z.infer<typeof smsInboundResultSchema>;
