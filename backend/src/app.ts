/**
 * Builds the Fastify instance: the API under /backend/api (with its OpenAPI document at
 * /backend/api/docs) and, when asked, the site itself. Used by server.ts and by the tests, which
 * talk to it through fastify.inject.
 */
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import {
  type CheckoutSettings,
  DEFAULT_OUTBOX_DIR,
  DEFAULT_PAYMENT_DETAILS,
  DEFAULT_SHOP_EMAIL,
  DEFAULT_VAT_RATE,
  RELEASES_SUBDIR,
  REPO_ROOT,
} from './config';
import {
  type ConnectionLimits,
  capConnections,
  DEFAULT_CONNECTION_LIMITS,
  httpServerOptions,
} from './connectionLimits';
import type { DatabaseHandle } from './db/client';
import { HELMET_OPTIONS } from './delivery/contentSecurity';
import { type SiteOptions, sitePlugin } from './delivery/site';
import { AppError, answerClientError, errorHandler } from './errors';
import { useBoundedJsonParser } from './hooks/boundedJsonParser';
import { markPersonalAnswers } from './hooks/privateAnswers';
import {
  DEFAULT_RATE_LIMITS,
  proxyPeerTest,
  type RateLimits,
  rateLimitSettings,
  type TrustProxy,
  trustedProxies,
} from './hooks/rateLimits';
import { rejectNulCharacters } from './hooks/rejectNulCharacters';
import { addressRoutes } from './modules/addresses/routes';
import { adminMessageRoutes } from './modules/admin/messageRoutes';
import { adminLoginRoutes, adminRoutes } from './modules/admin/routes';
import { adminPreviewRoutes } from './modules/admin/shopSettingsRoutes';
import { memberAccountRoutes } from './modules/buyers/accountRoutes';
import { buyerRoutes } from './modules/buyers/routes';
import { cartModule } from './modules/cart/routes';
import { checkoutTermsRoutes } from './modules/checkout/routes';
import { contentRoutes } from './modules/content/routes';
import { healthRoutes } from './modules/health/routes';
import { homeRoutes } from './modules/home/routes';
import { imageRoutes } from './modules/images/routes';
import { memberOrderRoutes } from './modules/memberOrders/routes';
import { messageRoutes } from './modules/messages/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { pageViewRoutes } from './modules/pageViews/routes';
import { CatalogueFeed } from './modules/products/catalogueFeed';
import { CatalogueIndex } from './modules/products/catalogueIndex';
import { productRoutes } from './modules/products/routes';
import { referenceListRoutes } from './modules/referenceLists/routes';
import { pageRegistryOf } from './modules/remotes/pageRegistry';
import { remoteAdminRoutes, remoteReportRoutes } from './modules/remotes/routes';
import type { S3StoreSettings } from './modules/remotes/s3ReleaseStore';
import { createReleaseServices, type ReleaseSettings } from './modules/remotes/services';
import { searchRoutes } from './modules/search/routes';
import { startupRoutes } from './modules/startup/routes';
import { getStartupContent } from './modules/startup/startup';
import { wishlistRoutes } from './modules/wishlist/routes';
import type { RouteDeps } from './routes/deps';
import { type AccountServices, DEFAULT_TOKEN_TTL_MS, RESET_TTL_MS } from './services/buyers';
import { type FileStore, PostgresFileStore, warnOfFilesLeftInDatabase } from './services/fileStore';
import { S3FileStore } from './services/fileStoreS3';
import {
  DEFAULT_ADMIN_THROTTLE,
  DEFAULT_THROTTLE,
  LoginThrottle,
  type ThrottleLimits,
} from './services/loginThrottle';
import { Mailer, type MailSettings } from './services/mailer';
import { DEFAULT_SCRYPT_LOG_N, PasswordHasher } from './services/passwords';
import { startFolderImport, UploadStore } from './services/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail (a queue in the database); tests await mailer.idle() before reading the outbox. */
    mailer: Mailer;
  }
}

export const API_PREFIX = '/backend/api';
export const DOCS_PREFIX = `${API_PREFIX}/docs`;
/** Largest JSON body any endpoint needs (uploads will come as multipart with their own limit). */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  /** Serve the shell and the remotes too (the all-in-one `npm start`). */
  site?: SiteOptions;
  logger?: FastifyServerOptions['logger'];
  /**
   * TRUST_PROXY (default 0): proxy hops in front of the server, or the proxies' addresses and
   * ranges (hooks/rateLimits.ts, TrustProxy). Sign-in throttling and rate limits key on the client
   * IP it gives.
   */
  trustProxy?: TrustProxy;
  /** Limits of the anonymous writes and probes (defaults in hooks/rateLimits.ts; tests lower them). */
  rateLimits?: Partial<RateLimits>;
  /** Sign-in settings; every field has a production default (tests lower the costs). */
  auth?: AuthOptions;
  /**
   * The uploads folder of before issue 20 (server.ts: UPLOADS_DIR, default .data/uploads): its
   * files are copied into the file store in the background once the app is ready (the migrations
   * have run by then). Unset: no folder is read (tests never read the developer's).
   */
  uploadsDir?: string;
  /** The first wait before a failed start-up import is tried again (FOLDER_IMPORT_RETRY_MS). */
  uploadsImportRetryMs?: number;
  /** UPLOAD_S3_*: keep uploaded files in this bucket; unset or null: in the database. */
  uploadsS3?: S3StoreSettings | null;
  /** VAT rate and payment details (default 5 % and the demo details of config.ts). */
  checkout?: Partial<CheckoutSettings>;
  /** Timeouts and socket caps against slow and greedy clients (defaults in connectionLimits.ts). */
  connections?: Partial<ConnectionLimits>;
  /** Remote releases: store, origins, canary rule, overrides (default: `.data/releases`, one origin). */
  releases?: Partial<ReleaseSettings>;
}

/** Releases default to the served site's root (a test's fake site), and its `.data/releases`. */
function releaseSettings(options: BuildAppOptions): ReleaseSettings {
  const root = options.releases?.root ?? options.site?.root ?? REPO_ROOT;
  return {
    ...options.releases,
    root,
    releasesDir: options.releases?.releasesDir ?? path.join(root, RELEASES_SUBDIR),
  };
}

/** Where uploaded files are kept: the bucket UPLOAD_S3_* names, else the database. */
function fileStoreOf(options: BuildAppOptions): FileStore {
  return options.uploadsS3 ? new S3FileStore(options.uploadsS3) : new PostgresFileStore(options.database.db);
}

export interface AuthOptions {
  /** log2 of scrypt's N for new hashes (default 15). */
  scryptLogN?: number;
  throttle?: Partial<ThrottleLimits>;
  /** Admin sign-in, counted apart from buyers'. */
  adminThrottle?: Partial<ThrottleLimits>;
  tokenTtlMs?: number;
  resetTtlMs?: number;
  mail?: Partial<MailSettings>;
  /** Origin of the links in e-mails (default http://localhost:8080). */
  publicUrl?: string;
}

function accountServices(db: DatabaseHandle['db'], auth: AuthOptions = {}): AccountServices {
  return {
    db,
    hasher: new PasswordHasher(auth.scryptLogN ?? DEFAULT_SCRYPT_LOG_N),
    throttle: new LoginThrottle(db, { ...DEFAULT_THROTTLE, ...auth.throttle }),
    adminThrottle: new LoginThrottle(db, { ...DEFAULT_ADMIN_THROTTLE, ...auth.adminThrottle }, 'admin'),
    mailer: new Mailer(db, {
      smtpUrl: auth.mail?.smtpUrl ?? null,
      outboxDir: auth.mail?.outboxDir ?? DEFAULT_OUTBOX_DIR,
      from: auth.mail?.from ?? 'Gifts That Speak <no-reply@localhost>',
      replyTo: auth.mail?.replyTo ?? DEFAULT_SHOP_EMAIL,
      queue: auth.mail?.queue,
    }),
    publicUrl: (auth.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, ''),
    tokenTtlMs: auth.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS,
    resetTtlMs: auth.resetTtlMs ?? RESET_TTL_MS,
  };
}

export interface RegisteredRoute {
  method: string;
  /** Under /backend/api, without its leading slash: 'products/:slug'. */
  path: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: readonly RegisteredRoute[];
    /** What every route module uses, set once at start (read `app.deps` in a module). */
    deps: RouteDeps;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const connections = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const app = Fastify({
    logger: options.logger ?? false,
    http: httpServerOptions(connections),
    keepAliveTimeout: connections.keepAliveTimeoutMs,
    requestTimeout: connections.requestTimeoutMs,
    trustProxy: trustedProxies(options.trustProxy ?? 0),
    bodyLimit: BODY_LIMIT_BYTES,
    // Report every offending field at once, not just the first one ajv meets.
    ajv: { customOptions: { allErrors: true } },
    // Errors met before routing (a malformed percent-encoding in the path) answer in the envelope too.
    frameworkErrors: (error, request, reply) =>
      errorHandler(
        AppError.badRequest(
          error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid percent-encoding.' : error.message,
        ),
        request,
        reply,
      ),
    // Requests Node's parser refuses (oversize headers, broken HTTP) never reach Fastify.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  capConnections(app.server, connections, proxyPeerTest(options.trustProxy ?? 0));
  useBoundedJsonParser(app);

  app.setErrorHandler(errorHandler);
  app.decorateRequest('buyer', null);

  await app.register(fastifyHelmet, HELMET_OPTIONS);
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
  // staticCSP: the docs page sends its own policy (hashes of its inline parts) over Helmet's.
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // Swagger UI sets a few styles inline at run time.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });

  const accounts = accountServices(options.database.db, options.auth);
  app.decorate('mailer', accounts.mailer);
  // Every instance sends from the shared queue once it is ready, and stops on close.
  app.addHook('onReady', async () => accounts.mailer.start(app.log));
  app.addHook('onClose', () => accounts.mailer.close());
  // One change feed per app; the listing index (and the search index) follow it.
  const catalogueFeed = new CatalogueFeed(options.database.db);
  const catalogueIndex = new CatalogueIndex();
  catalogueFeed.subscribe(catalogueIndex);
  const deps: RouteDeps = {
    database: options.database,
    accounts,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    uploads: new UploadStore(fileStoreOf(options)),
    checkout: {
      vatRate: options.checkout?.vatRate ?? DEFAULT_VAT_RATE,
      paymentDetails: options.checkout?.paymentDetails ?? DEFAULT_PAYMENT_DETAILS,
      freeShippingOverUsd: options.checkout?.freeShippingOverUsd ?? null,
      shopEmail: options.checkout?.shopEmail ?? DEFAULT_SHOP_EMAIL,
    },
    releases: createReleaseServices(options.database.db, releaseSettings(options), app.log),
    catalogueFeed,
    catalogueIndex,
  };
  // Every API route as registered (method, path under the prefix, schema): the endpoint test
  // proves each one comes from the contract's table.
  const apiRoutes: RegisteredRoute[] = [];
  // Files still in the uploads folder of before go into the store (importUploadsFolder), in the
  // background once the app is ready, tried again until done: a bucket away does not keep the
  // instance from starting. Only a folder named explicitly (server.ts passes UPLOADS_DIR).
  const uploadsDir = options.uploadsDir;
  if (uploadsDir) {
    app.addHook('onReady', async () => {
      deps.uploads.folderImport = startFolderImport(
        uploadsDir,
        deps.uploads.files,
        app.log,
        options.uploadsImportRetryMs,
      );
    });
    app.addHook('onClose', async () => {
      await deps.uploads.folderImport?.stop();
    });
  }
  // A bucket chosen while the database still holds files: a warning, not a reason not to start.
  if (options.uploadsS3) {
    const database = options.database.db;
    app.addHook('onReady', async () => {
      void warnOfFilesLeftInDatabase(database, app.log);
    });
  }
  // What the route modules use (database, accounts, limits, uploads, settings), decorated once.
  app.decorate('deps', deps);
  app.decorate('apiRoutes', apiRoutes);
  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD') continue;
          apiRoutes.push({ method, path: route.url.slice(API_PREFIX.length + 1), schema: route.schema });
        }
      });
      api.addHook('preValidation', rejectNulCharacters);
      // Cache-Control: no-store on every answer that may hold one person's data (the rule is there).
      api.addHook('onSend', markPersonalAnswers);
      await api.register(fastifyRateLimit, rateLimitSettings(options.database.db));
      await api.register(healthRoutes);
      await api.register(startupRoutes);
      await api.register(productRoutes);
      await api.register(searchRoutes);
      await api.register(homeRoutes);
      await api.register(contentRoutes);
      await api.register(cartModule);
      await api.register(checkoutTermsRoutes);
      await api.register(addressRoutes);
      await api.register(wishlistRoutes);
      await api.register(imageRoutes);
      await api.register(buyerRoutes);
      await api.register(referenceListRoutes);
      await api.register(pageViewRoutes);
      // Member account (issue 11).
      await api.register(notificationRoutes);
      await api.register(memberAccountRoutes);
      await api.register(messageRoutes);
      await api.register(adminMessageRoutes);
      // Member orders and the admin's order API (issue 11).
      await api.register(memberOrderRoutes);
      await api.register(adminLoginRoutes);
      await api.register(adminRoutes);
      await api.register(adminPreviewRoutes);
      // Remote releases (issue 18).
      await api.register(remoteReportRoutes);
      await api.register(remoteAdminRoutes);
      api.setNotFoundHandler((request) => {
        throw AppError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found.`);
      });
    },
    { prefix: API_PREFIX },
  );

  if (options.site) {
    const { db } = options.database;
    await app.register(sitePlugin, {
      registry: pageRegistryOf(deps.releases),
      folders: deps.releases,
      loadStartup: () => getStartupContent(db),
      ...options.site,
    });
  }

  app.setNotFoundHandler((request) => {
    throw AppError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found.`);
  });
  return app;
}
