/**
 * Privacy headers (issue 15): personal answers carry `Cache-Control: no-store` (hooks/privateAnswers.ts),
 * public catalogue answers keep their caching, and the pages carry Permissions-Policy and
 * Cross-Origin-Opener-Policy beside their CSP.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Cart } from '@shop/contract';
import { IMMUTABLE } from '../src/delivery/site';
import { createMember, createTestApp, dataOf, type TestContext, targets } from './db';

/** A repository root with a built shell and one remote, enough for the pages. */
function makeSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-privacy-site-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><!--REMOTES--></head><body><div id="root"></div><script src="/main.1.js"></script></body></html>',
  );
  write('shell/dist/main.1.js', 'console.log("shell");');
  write('mfe-catalog/package.json', JSON.stringify({ name: 'mfe-catalog', version: '1.0.0' }));
  write('mfe-catalog/dist/remoteEntry.js', 'var catalog = {};');
  return root;
}

describe.each(targets)('privacy headers on %s', (target) => {
  let ctx: TestContext;
  let token = '';
  let userId = 0;
  const bearer = () => ({ authorization: `Bearer ${token}` });
  const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    ctx.app.inject({ method, url: `/backend/api/${url}`, headers, payload });

  beforeAll(async () => {
    ctx = await createTestApp(target, { site: { root: makeSite() } });
    const member = await createMember(ctx.database);
    token = member.token;
    userId = member.buyer.id;
  });
  afterAll(() => ctx.close());

  it("sends every signed-in member's own answer no-store: profile, orders, messages, addresses, notifications, wishlist, cart", async () => {
    const answers = [
      await api('GET', 'buyers/profile', bearer()),
      await api('GET', 'buyers/dashboard-stats', bearer()),
      await api('GET', 'buyer-orders', bearer()),
      await api('GET', 'buyer-messages', bearer()),
      await api('GET', 'buyers-shipping-address', bearer()),
      await api('GET', 'notifications', bearer()),
      await api('POST', 'wishlist/get-items', bearer(), { user_id: userId }),
      await api('POST', 'cart/get-items', bearer(), {}),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it("sends a guest's cart no-store, and leaves an anonymous write that holds nothing personal alone", async () => {
    const added = await api('POST', 'cart/add', {}, { product_id: 1 });
    expect(added.headers['cache-control']).toBe('no-store');
    const { guest_session_token } = dataOf<Cart>(added);
    const read = await api('POST', 'cart/get-items', {}, { guest_session_token });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    // A page view answers nothing about anyone. Marking its keepalive POST no-store kept Chrome from
    // ever settling the request when a service worker controls the page (e2e offline.spec.ts).
    const view = await api('POST', 'page-views', {}, { path: '/' });
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBeUndefined();
  });

  it('sends personal paths no-store without a token too: their refusals, and the empty notifications', async () => {
    const refused = await api('GET', 'buyers/profile');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const notifications = await api('GET', 'notifications');
    expect(notifications.statusCode).toBe(200);
    expect(notifications.headers['cache-control']).toBe('no-store');
    expect((await api('GET', 'buyer-orders/1')).headers['cache-control']).toBe('no-store');
  });

  it('leaves public catalogue answers without a token to their own caching', async () => {
    const listing = await api('GET', 'products?per-page=2');
    expect(listing.statusCode).toBe(200);
    expect(String(listing.headers['cache-control'] ?? '')).not.toContain('no-store');
    const startup = await api('GET', 'startup-content');
    expect(String(startup.headers['cache-control'] ?? '')).not.toContain('no-store');
    const image = await api('GET', 'images/products/1.svg');
    expect(image.headers['cache-control']).toBe(IMMUTABLE);
    // The same listing asked with a token may be someone's: no-store.
    const signedIn = await api('GET', 'products?per-page=2', bearer());
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });

  it('gives pages a Permissions-Policy denying what the shop never uses, and COOP same-origin, beside the CSP', async () => {
    for (const url of ['/', '/member/orders', '/product/some-slug']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      const policy = String(page.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy).toContain(`${feature}=()`);
      }
      // The gallery's YouTube frames may still go fullscreen and play protected media.
      expect(policy).not.toContain('fullscreen');
      expect(policy).not.toContain('encrypted-media');
      expect(page.headers['cache-control']).toBe('private, no-cache');
    }
  });
});
