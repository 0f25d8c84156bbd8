/**
 * Where the e2e suite serves the shop: distributed, as in production behind a CDN. The shell and
 * the API on one origin (http://localhost:E2E_PORT), and each remote on an origin of its own,
 * served by backend/scripts/serve-remote.ts on 127.0.0.1 at E2E_PORT + 10, + 11, … .
 *
 * 127.0.0.1 and not localhost on purpose: another host is another site, as a CDN's domain is, so
 * the shop's cookies never reach a remote's origin and every remote file is a cross-site load
 * (CORS, CSP, preloads and the service worker are tested the way a real deployment uses them).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

export const SHOP_ORIGIN = `http://localhost:${E2E_PORT}`;

/** The remotes, in the order their ports are given out. */
export const E2E_REMOTES = ['catalog', 'cart_checkout', 'member', 'auth', 'admin'] as const;
export type E2ERemote = (typeof E2E_REMOTES)[number];

/** The first remote's port is E2E_PORT + this. */
export const REMOTE_PORT_OFFSET = 10;

export const remotePort = (remote: E2ERemote) => E2E_PORT + REMOTE_PORT_OFFSET + E2E_REMOTES.indexOf(remote);

export const remoteOrigin = (remote: E2ERemote) => `http://127.0.0.1:${remotePort(remote)}`;

/** The server's REMOTE_ORIGINS setting: `catalog=http://127.0.0.1:…,cart_checkout=…`. */
export const REMOTE_ORIGINS = E2E_REMOTES.map((remote) => `${remote}=${remoteOrigin(remote)}`).join(',');

/**
 * A shopper's browser as every journey starts it: no cookies, and the guests' promo popup counted
 * as already shown, so it never lands on a journey's controls (frame.spec.ts tests the popup).
 */
export const shopperStorageState = () => ({
  cookies: [],
  origins: [
    {
      origin: SHOP_ORIGIN,
      localStorage: [{ name: 'promoPopupHiddenUntil', value: String(Date.now() + 7 * 24 * 3600 * 1000) }],
    },
  ],
});
