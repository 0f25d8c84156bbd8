import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors';
import { optionalAuth } from '../../hooks/optionalAuth';
import { ownerOf } from '../../http/cartOwner';
import { endpointSchema } from '../../http/endpoint';
import { multipartLimits, readMultipartForm } from '../../http/multipartForm';
import { PICTURE_TOO_LARGE } from '../../services/uploads';
import {
  addCustomization,
  addPackaging,
  customizationLogo,
  customizationOptionsOf,
  packagingKinds,
  packagingOptionsOf,
  removeCustomization,
  removePackaging,
} from './giftOptions';

/** The text fields of `cart/add-customization` (multipart). */
const TEXT_FIELDS = [
  'selectedItems',
  'toWhom',
  'from',
  'note',
  'brief',
  'cart_item_id',
  'product_id',
  'guest_session_token',
] as const;

const positiveInt = (text: string | undefined, name: string): number | null => {
  if (text === undefined || text === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 2147483647) {
    throw AppError.badRequest(`${name} must be a positive integer.`, {
      [name]: 'must be a positive integer',
    });
  }
  return n;
};

/**
 * Gift options (spec 001 §2.4, §2.5): what a product offers (products/customizations,
 * products/packaging) and a cart line's customization, logo and packaging (cart/*).
 */
export const giftOptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, uploads, checkout } = app.deps;
  const { db } = database;
  app.addHook('onRequest', optionalAuth(db));
  // One logo; a byte over 1 MB stops the upload (413) instead of buffering the rest.
  await app.register(multipart, { limits: multipartLimits(TEXT_FIELDS.length) });
  const security: { [label: string]: string[] }[] = [{ bearer: [] }, {}];
  const cartSchema = { tags: ['cart'], security };

  app.get(
    '/products/customizations/:productId',
    {
      schema: {
        tags: ['customization'],
        ...endpointSchema('GET products/customizations/:productId'),
      },
    },
    async (request) => ({
      status: true as const,
      data: await customizationOptionsOf(db, request.params.productId),
    }),
  );

  app.get(
    '/products/packaging/:productId',
    {
      schema: {
        tags: ['packaging'],
        ...endpointSchema('GET products/packaging/:productId'),
      },
    },
    async (request) => {
      const { packagingLevel, options } = await packagingOptionsOf(db, request.params.productId);
      return { status: true as const, packagingLevel, data: options };
    },
  );

  app.get(
    '/products/packaging',
    {
      schema: {
        tags: ['packaging'],
        ...endpointSchema('GET products/packaging'),
      },
    },
    async () => ({ status: true as const, data: { items: await packagingKinds(db) } }),
  );

  app.post(
    '/cart/add-customization',
    {
      schema: {
        ...cartSchema,
        ...endpointSchema('POST cart/add-customization'),
        description: `Fields: selectedItems (JSON list of 'logo', 'to_whom', 'from', 'message'), logo (a JPEG or PNG file of at most 1 MB, recognised by its bytes; without one a saved logo is kept), toWhom, from, note, brief (each at most 300), cart_item_id, product_id, guest_session_token. The rules and messages are the dialog's (422). A file that is not a decodable JPEG/PNG answers 415, one over 1 MB 413, each with the spec's message in error.fields.logo; a picture over ${PICTURE_TOO_LARGE.replace('The picture may be at most ', '')} 422 IMAGE_TOO_LARGE. The logo is stored re-encoded (metadata stripped). A malformed or truncated form answers 400, one that stops arriving 408.`,
      },
    },
    async (request) => {
      const { fields, file: logo } = await readMultipartForm(request, TEXT_FIELDS, 'logo');
      const cartItemId = positiveInt(fields.cart_item_id, 'cart_item_id');
      if (cartItemId === null) {
        throw AppError.badRequest('cart_item_id is required.', { cart_item_id: 'is required' });
      }
      return {
        status: true as const,
        data: await addCustomization(
          db,
          uploads,
          ownerOf(request, fields.guest_session_token),
          {
            cartItemId,
            productId: positiveInt(fields.product_id, 'product_id'),
            selectedItems: fields.selectedItems ?? '',
            toWhom: fields.toWhom ?? '',
            from: fields.from ?? '',
            note: fields.note ?? '',
            brief: fields.brief ?? '',
            logo,
          },
          checkout,
        ),
      };
    },
  );

  app.post(
    '/cart/remove-customization',
    {
      schema: { ...cartSchema, ...endpointSchema('POST cart/remove-customization') },
    },
    async (request) => ({
      status: true as const,
      data: await removeCustomization(
        db,
        uploads,
        ownerOf(request, request.body.guest_session_token),
        request.body.cart_item_id,
        checkout,
      ),
    }),
  );

  app.post(
    '/cart/customization-logo',
    {
      schema: {
        tags: ['cart'],
        security,
        ...endpointSchema('POST cart/customization-logo'),
        description: "Only the cart owner gets it: another cart's line answers 404.",
      },
    },
    async (request, reply) => {
      const { bytes, type } = await customizationLogo(
        db,
        uploads,
        ownerOf(request, request.body.guest_session_token),
        request.body.cart_item_id,
      );
      return reply.header('cache-control', 'private, no-store').type(type).send(bytes);
    },
  );

  app.post(
    '/cart/add-packaging',
    {
      schema: {
        ...cartSchema,
        ...endpointSchema('POST cart/add-packaging'),
        description:
          "packaging_id must be one of the product's options (else 422 'Please select an option'); packaging_level, when sent, must be the product's level.",
      },
    },
    async (request) => ({
      status: true as const,
      data: await addPackaging(
        db,
        ownerOf(request, request.body.guest_session_token),
        {
          cartItemId: request.body.cart_item_id,
          packagingId: request.body.packaging_id,
          packagingLevel: request.body.packaging_level ?? null,
        },
        checkout,
      ),
    }),
  );

  app.post(
    '/cart/remove-packaging',
    { schema: { ...cartSchema, ...endpointSchema('POST cart/remove-packaging') } },
    async (request) => ({
      status: true as const,
      data: await removePackaging(
        db,
        ownerOf(request, request.body.guest_session_token),
        request.body.cart_item_id,
        checkout,
      ),
    }),
  );
};
