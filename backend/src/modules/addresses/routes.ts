import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddressAnswer,
  AddressIdBody,
  AddressIdParams,
  AddressItem,
  AddressList,
  ShippingAddressBody,
} from '@shop/contract/schemas/addresses';
import { createdResponses } from '@shop/contract/schemas/auth';
import { responses } from '@shop/contract/schemas/common';
import type { FastifyRequest } from 'fastify';
import { requireAuth, requireMember } from '../hooks/optionalAuth';
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setPrimaryAddress,
  updateAddress,
} from '../services/shippingAddresses';
import type { RouteDeps } from './deps';

/** Set by requireAuth or requireMember, which answer 401 or 403 before any handler runs. */
function buyerIdOf(request: FastifyRequest): number {
  if (!request.buyer) throw new Error('address route without its auth hook');
  return request.buyer.id;
}

/** `buyers-shipping-address*` (spec 001 §2.6, §7): the caller's own addresses only. */
export const shippingAddressRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
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
      schema: { ...schema, summary: "The caller's addresses", response: responses(AddressList) },
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
        summary: 'Save an address (the first one, or one sent with is_primary: true, becomes primary)',
        description: `${schema.description} 422 VALIDATION_FAILED with the address form's messages (unknown country_id: "Please select receiver's country"); 422 TOO_MANY_ADDRESSES past 20.`,
        body: ShippingAddressBody,
        response: createdResponses(AddressItem),
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
        summary: 'Make an address the primary one (every other loses the flag, in one transaction)',
        body: AddressIdBody,
        response: responses(AddressList),
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
        summary:
          'Delete an address (a cart shipping to it loses its address; a deleted primary passes to the newest)',
        params: AddressIdParams,
        response: responses(AddressList),
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
        summary: 'One address',
        params: AddressIdParams,
        response: responses(AddressAnswer),
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
        summary: 'Change an address (is_primary: true also makes it primary; false never clears the flag)',
        description: `${schema.description} 422 as create.`,
        params: AddressIdParams,
        body: ShippingAddressBody,
        response: responses(AddressItem),
      },
    },
    async (request) => ({
      status: true as const,
      data: { item: await updateAddress(db, buyerIdOf(request), request.params.id, request.body) },
    }),
  );
};
