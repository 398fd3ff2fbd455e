import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myRatingSchema, ratingInputSchema } from '@shared/contracts/customers';
import { errorResponses, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import { getMyRating, rateTruck, unrateTruck } from './ratings.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['ratings'];

/**
 * A customer's 1–5 star rating of a truck (DESIGN.md: ratings are real). Customers only: operators
 * never rate (not their own trucks, nor their competitors'), admins never rate.
 */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireUser('customer');

  app.get(
    '/api/food-trucks/:id/rating',
    {
      preHandler: guard,
      schema: { tags, summary: "The caller's stars and the truck's rating", params: idParams, response: { 200: myRatingSchema, ...errors } },
    },
    async (request) => getMyRating(app.db, currentUser(request), request.params.id),
  );

  app.put(
    '/api/food-trucks/:id/rating',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Sets or changes the caller\'s rating (1–5 stars)',
        params: idParams,
        body: ratingInputSchema,
        response: { 200: myRatingSchema, ...errors },
      },
    },
    async (request) => rateTruck(app.db, currentUser(request), request.params.id, request.body.stars),
  );

  app.delete(
    '/api/food-trucks/:id/rating',
    {
      preHandler: guard,
      schema: { tags, summary: "Removes the caller's rating", params: idParams, response: { 200: myRatingSchema, ...errors } },
    },
    async (request) => unrateTruck(app.db, currentUser(request), request.params.id),
  );
};
