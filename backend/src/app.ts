/**
 * Builds the Fastify instance: the API under /backend/api (with its OpenAPI document at
 * /backend/api/docs) and, when asked, the site itself. Used by server.ts and by the tests, which
 * talk to it through fastify.inject.
 */
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DatabaseHandle } from './db/client';
import { type SiteOptions, sitePlugin } from './delivery/site';
import { AppError, errorHandler } from './errors';
import { cartRoutes } from './routes/cart';
import type { RouteDeps } from './routes/deps';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { productRoutes } from './routes/products';
import { startupRoutes } from './routes/startup';

export const API_PREFIX = '/backend/api';
export const DOCS_PREFIX = `${API_PREFIX}/docs`;
/** Largest JSON body any endpoint needs (uploads will come as multipart with their own limit). */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  /** Serve the shell and the remotes too (the all-in-one `npm start`). */
  site?: SiteOptions;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Report every offending field at once, not just the first one ajv meets.
    ajv: { customOptions: { allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setErrorHandler(errorHandler);
  app.decorateRequest('buyer', null);

  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Shop API',
        version: '0.1.0',
        description:
          'Every answer is an envelope: `{"status": true, "data": …}` or `{"status": false, "error": {"code", "message", "fields"?}}`.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  const deps: RouteDeps = { database: options.database };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(startupRoutes, deps);
      await api.register(productRoutes, deps);
      await api.register(cartRoutes, deps);
      await api.register(imageRoutes, deps);
      api.setNotFoundHandler((request) => {
        throw AppError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found.`);
      });
    },
    { prefix: API_PREFIX },
  );

  if (options.site) await app.register(sitePlugin, options.site);

  app.setNotFoundHandler((request) => {
    throw AppError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found.`);
  });
  return app;
}
