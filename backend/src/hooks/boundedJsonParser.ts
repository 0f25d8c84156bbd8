/**
 * The JSON body parser, bounded in depth. No request of the API nests deeper than a few levels,
 * but a 64 KB body can nest 30,000 deep, and every recursive walk over it (the NUL check, schema
 * validation, logging) would overflow the stack: a 500. Such a body is refused before it is parsed,
 * by one pass over its text; everything else goes to Fastify's own parser (prototype poisoning
 * refused as before).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Deeper than any request of the API (the deepest, a cart's items with their options, is 4). */
export const JSON_MAX_DEPTH = 32;

/** True when the JSON text opens more than `maxDepth` objects or arrays inside one another. */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) depth--;
  }
  return false;
}

export function useBoundedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(AppError.badRequest(`The JSON body nests deeper than ${JSON_MAX_DEPTH} levels.`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
