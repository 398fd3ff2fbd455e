import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/http-errors';
import { OBJECT_REF, type MediaResolver } from './media';

/** The media resolver of this app (checks references; stores data URLs as objects). */
export function mediaResolverFor(_app: FastifyInstance): MediaResolver {
  return {
    async resolve(_tx, _actor, ref, _purpose, field) {
      if (OBJECT_REF.test(ref)) return ref;
      throw badRequest('Files must be uploaded first (a /objects/ reference)', { [field]: ['Not an uploaded file'] });
    },
  };
}
