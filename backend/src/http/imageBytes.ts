import { Type } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '@shop/contract/schemas/common';

/**
 * The answers of a route that sends an image's bytes (an ordered logo, a proof of payment): not a
 * JSON endpoint of the contract's table, so its failures alone are enveloped.
 */
export const ImageBytes = {
  200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image/png or image/jpeg' }),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
};
