/**
 * Security headers. Helmet puts the same set on every answer (nosniff, a referrer policy, no
 * framing by other sites, …) with a closed Content-Security-Policy fit for JSON; the page the
 * server writes gets its own policy: only this origin and the origins of the remotes in the
 * registry, and a fresh nonce per answer for the inline scripts and style the server writes, and
 * PAGE_HEADERS (Permissions-Policy, Cross-Origin-Opener-Policy). Cache-Control of personal API
 * answers: hooks/privateAnswers.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { VIDEO_EMBED_ORIGINS } from '@shop/contract/media';
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
  // COOP matters on documents only: the pages get it from PAGE_HEADERS. Measured before: COOP and
  // Origin-Agent-Cluster together cost Lighthouse's mobile score of '/' about 7 points (TBT +200 ms,
  // a process of its own for the first navigation); Origin-Agent-Cluster stays off.
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
};

/**
 * Powerful features the shop never uses, denied to its pages and to every frame in them (a
 * compromised remote or a script slipped in cannot ask for the camera or the position). Left to
 * the browser's default: fullscreen, autoplay, encrypted-media, picture-in-picture (the gallery's
 * YouTube frames) and the clipboard (share links). Only names Chrome knows: an unknown one is a
 * console error on every page.
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
] as const;

/**
 * Headers of every page the server writes, beside its CSP. COOP same-origin: a window the page
 * opens on another site (the chat checkout's messaging app, social links) gets no handle back to
 * the shop; they are all opened with noopener already, so nothing is lost.
 */
export const PAGE_HEADERS = {
  'permissions-policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** Where gallery videos are embedded from (the product editor accepts only their embed addresses). */
export { VIDEO_EMBED_ORIGINS };

export const newNonce = () => randomBytes(16).toString('base64');

/** Origins other than this one that the registry loads remotes from (absolute entries and fallbacks). */
export function remoteOrigins(registry: RemotesRegistry): string[] {
  const origins = new Set<string>();
  const entries = Object.values(registry).flatMap((remote) => [remote.entry, remote.fallback?.entry ?? '']);
  for (const entry of entries.filter(Boolean)) {
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
export function serviceWorkerContentSecurityPolicy(origins: readonly string[]): string {
  const sources = ["'self'", ...origins].join(' ');
  return `default-src 'none'; connect-src ${sources}; img-src ${sources}`;
}

/** Adds the nonce to every inline <script> and <style> element the server wrote into the page. */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<(script|style)(?=[\s>])(?![^>]*\ssrc=)/g, `<$1 nonce="${nonce}"`);
}
