/**
 * The addresses module owns `/buyers-shipping-address*`: the caller's shipping addresses, listed
 * and created at checkout (members and express guests), managed in the member area (members).
 * The address rows (services/shippingAddresses.ts) are shared with the cart and checkout.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireAuth, requireMember } from '../../hooks/optionalAuth';
import { endpointSchema } from '../../http/endpoint';
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setPrimaryAddress,
  updateAddress,
} from '../../services/shippingAddresses';

/** Set by requireAuth or requireMember, which answer 401 or 403 before any handler runs. */
function buyerIdOf(request: FastifyRequest): number {
  if (!request.buyer) throw new Error('address route without its auth hook');
  return request.buyer.id;
}

/** `buyers-shipping-address*` (spec 001 §2.6, §7): the caller's own addresses only. */
export const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.deps;
  const { db } = database;
  // Checkout lists and creates addresses for express guests too; managing them (primary, edit,
  // delete) is the member area's Shipping Address page, which a guest cannot use (spec 001 §6).
  const checkoutAccess = { onRequest: requireAuth(db) };
  const memberAccess = { onRequest: requireMember(db) };
  const schema = {
    tags: ['shipping addresses'],
    security: [{ bearer: [] }],
    description:
      "Bearer required: a member's or an express guest's token (no token, or an unknown one: 401). Only the caller's own addresses exist for them: another buyer's id answers 404.",
  };
  const memberSchema = {
    ...schema,
    description:
      "Members only: no token, or an unknown one, is 401; an express guest's token is 403 MEMBERS_ONLY. Only the caller's own addresses exist for them: another buyer's id answers 404.",
  };

  app.get(
    '/buyers-shipping-address',
    {
      ...checkoutAccess,
      schema: { ...schema, ...endpointSchema('GET buyers-shipping-address') },
    },
    async (request) => ({
      status: true as const,
      data: { items: await listAddresses(db, buyerIdOf(request)) },
    }),
  );

  app.post(
    '/buyers-shipping-address/create',
    {
      ...checkoutAccess,
      schema: {
        ...schema,
        ...endpointSchema('POST buyers-shipping-address/create'),
        description: `${schema.description} 422 VALIDATION_FAILED with the address form's messages (unknown country_id: "Please select receiver's country"); 422 TOO_MANY_ADDRESSES past 20.`,
      },
    },
    async (request, reply) => {
      const item = await createAddress(db, buyerIdOf(request), request.body);
      return reply.status(201).send({ status: true as const, data: { item } });
    },
  );

  app.post(
    '/buyers-shipping-address/primary',
    {
      ...memberAccess,
      schema: {
        ...memberSchema,
        ...endpointSchema('POST buyers-shipping-address/primary'),
      },
    },
    async (request) => ({
      status: true as const,
      data: { items: await setPrimaryAddress(db, buyerIdOf(request), request.body.id) },
    }),
  );

  app.delete(
    '/buyers-shipping-address/:id',
    {
      ...memberAccess,
      schema: {
        ...memberSchema,
        ...endpointSchema('DELETE buyers-shipping-address/:id'),
      },
    },
    async (request) => ({
      status: true as const,
      data: { items: await deleteAddress(db, buyerIdOf(request), request.params.id) },
    }),
  );

  app.get(
    '/buyers-shipping-address/:id',
    {
      ...memberAccess,
      schema: {
        ...memberSchema,
        ...endpointSchema('GET buyers-shipping-address/:id'),
      },
    },
    async (request) => ({
      status: true as const,
      data: { address: await getAddress(db, buyerIdOf(request), request.params.id) },
    }),
  );

  app.post(
    '/buyers-shipping-address/update/:id',
    {
      ...memberAccess,
      schema: {
        ...memberSchema,
        ...endpointSchema('POST buyers-shipping-address/update/:id'),
        description: `${schema.description} 422 as create.`,
      },
    },
    async (request) => ({
      status: true as const,
      data: { item: await updateAddress(db, buyerIdOf(request), request.params.id, request.body) },
    }),
  );
};
