import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** The signed-in buyer's id on a route behind requireAuth (401 if the hook was forgotten). */
export function callerId(request: FastifyRequest): number {
  if (!request.buyer) throw AppError.unauthorized('Please sign in.');
  return request.buyer.id;
}
