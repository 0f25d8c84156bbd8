/**
 * Security headers. Helmet puts the same set on every answer (nosniff, a referrer policy, no
 * framing by other sites, …) with a closed Content-Security-Policy fit for JSON; the page the
 * server writes gets its own policy: only this origin and the origins of the remotes in the
 * registry, and a fresh nonce per answer for the inline scripts and style the server writes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { RemotesRegistry } from './site';

/** For API answers and files: nothing may run or load; only same-origin framing. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'"], baseUri: ["'none'"] },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'sameorigin' },
  // Remote files may be served to pages of another origin (a remote on its own host).
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // The shop embeds nothing cross-origin that would opt in; COEP would only block images.
  crossOriginEmbedderPolicy: false,
  // Measured: with COOP and Origin-Agent-Cluster the first navigation to the shop gets its own
  // browsing-context group and process, and Lighthouse's mobile score of '/' drops by about 7 points
  // (TBT +200 ms). The shop opens no cross-origin window that COOP would guard against.
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
};

/** Where gallery videos are embedded from. */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

export const newNonce = () => randomBytes(16).toString('base64');

/** Origins other than this one that the registry loads remotes from (absolute entries). */
export function remoteOrigins(registry: RemotesRegistry): string[] {
  const origins = new Set<string>();
  for (const { entry } of Object.values(registry)) {
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // a path on this origin: covered by 'self'
    }
  }
  return [...origins].sort();
}

/**
 * The page's policy. Scripts: this origin, the remotes' origins, and the server's inline
 * scripts by nonce (no 'unsafe-inline', no 'unsafe-eval'). Styles: the same, plus inline style
 * attributes, which React writes for computed sizes and positions (sliders, zoom).
 */
export function pageContentSecurityPolicy(nonce: string, registry: RemotesRegistry): string {
  const remotes = remoteOrigins(registry);
  const sources = ["'self'", ...remotes];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', [...sources, `'nonce-${nonce}'`]],
    ['style-src', [...sources, `'nonce-${nonce}'`]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', [...sources, 'data:', 'blob:']],
    ['font-src', [...sources, 'data:']],
    ['connect-src', sources],
    ['media-src', sources],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    // Product videos are YouTube embeds (the gallery's video_link); nothing else is framed.
    ['frame-src', ["'self'", ...VIDEO_EMBED_ORIGINS]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The shell's service worker, served from the root so its scope is the whole shop. */
export const SERVICE_WORKER_FILE = 'sw.js';

/** The service worker fetches what the pages fetch, from the same origins; it runs no script. */
export function serviceWorkerContentSecurityPolicy(registry: RemotesRegistry): string {
  const sources = ["'self'", ...remoteOrigins(registry)].join(' ');
  return `default-src 'none'; connect-src ${sources}; img-src ${sources}`;
}

/** Adds the nonce to every inline <script> and <style> element the server wrote into the page. */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<(script|style)(?=[\s>])(?![^>]*\ssrc=)/g, `<$1 nonce="${nonce}"`);
}
