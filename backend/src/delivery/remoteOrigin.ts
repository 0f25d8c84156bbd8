/**
 * A server for one remote's files alone, on an origin of its own, as a CDN serves them in front
 * of a distributed shop (scripts/serve-remote.ts starts it; the e2e suite runs four of them).
 * It answers exactly what the shop's own server answers under /mfe/<remote>/ (the same plugin),
 * with the security headers of static files and nothing else: no API, no page, no cookie.
 */
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { AppError, errorHandler } from '../errors';
import { HELMET_OPTIONS } from './contentSecurity';
import { REMOTE_FILE_HEADERS, type RemoteFolders, remoteFilesPlugin } from './remoteFiles';

/** Answers 200 once the server listens (the e2e runner waits for it). */
export const REMOTE_ORIGIN_HEALTH = '/health';

export interface RemoteOriginOptions {
  root: string;
  remote: string;
  releasesDir?: string;
  folders?: RemoteFolders;
  logger?: FastifyServerOptions['logger'];
}

export async function buildRemoteOrigin(options: RemoteOriginOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  app.setErrorHandler(errorHandler);
  // nosniff, no framing, a closed CSP (a file opened on its own runs nothing), CORP cross-origin.
  await app.register(fastifyHelmet, HELMET_OPTIONS);
  // Files the build did not precompress (release.json, a few small ones) are compressed here.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(remoteFilesPlugin, {
    root: options.root,
    releasesDir: options.releasesDir,
    folders: options.folders,
    remotes: [options.remote],
  });
  app.get(REMOTE_ORIGIN_HEALTH, { schema: { hide: true } }, async () => ({
    status: true,
    data: { remote: options.remote },
  }));
  app.setNotFoundHandler((request, reply) => {
    // A 404 read by a page of another origin must be readable too, or it shows as a CORS error.
    reply.headers(REMOTE_FILE_HEADERS);
    throw AppError.notFound(`No file ${request.url.split('?')[0]} here.`);
  });
  return app;
}
