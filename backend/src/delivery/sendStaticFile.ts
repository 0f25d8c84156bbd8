/**
 * Sends one built file with the caching headers chosen by the caller. The site picks the folder
 * per request (running build or a kept release), so a few lines here replace @fastify/static's
 * root-bound sendFile; all it needs is GET/HEAD with a content type and ETag revalidation.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

export const contentTypeOf = (file: string) =>
  CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The build writes .br and .gz beside text assets; pick the best one the client accepts. */
async function precompressed(request: FastifyRequest, file: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  for (const { encoding, suffix } of ENCODINGS) {
    if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
    try {
      if ((await stat(file + suffix)).isFile()) return { encoding, file: file + suffix };
    } catch {
      // not precompressed: the compress plugin handles it
    }
  }
  return null;
}

export async function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl: string,
): Promise<FastifyReply> {
  const encoded = await precompressed(request, file);
  const info = await stat(file);
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', info.mtime.toUTCString())
    .type(contentTypeOf(file));
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (encoded) {
    // Set before sending, so the compress plugin leaves the body alone.
    reply.header('content-encoding', encoded.encoding).header('vary', 'accept-encoding');
    return reply.send(createReadStream(encoded.file));
  }
  return reply.send(createReadStream(file));
}
