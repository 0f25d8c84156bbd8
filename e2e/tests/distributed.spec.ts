import { expect, type Page, test } from '@playwright/test';
import { E2E_REMOTES, remoteOrigin, SHOP_ORIGIN } from './origins';

/**
 * The suite runs the shop distributed (origins.ts): the shell and the API on the shop's origin,
 * each remote on an origin of its own, as behind a CDN. These checks prove the journeys really
 * ran that way, and that nothing the page does needs the remotes on the shop's origin.
 */
interface Watched {
  remoteFiles: { url: string; cookie: string | null }[];
  failures: string[];
  consoleErrors: string[];
}

function watch(page: Page): Watched {
  const watched: Watched = { remoteFiles: [], failures: [], consoleErrors: [] };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mfe/'))
      watched.remoteFiles.push({ url: request.url(), cookie: request.headers().cookie ?? null });
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // ERR_ABORTED: still under way when the test went on to the next page.
    if (reason !== 'net::ERR_ABORTED') watched.failures.push(`${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) watched.failures.push(`${response.url()} ${response.status()}`);
  });
  // A CSP violation, a CORS refusal or a failed chunk load is reported on the console.
  page.on('console', (message) => {
    if (message.type() === 'error') watched.consoleErrors.push(message.text());
  });
  return watched;
}

const remoteOfUrl = (url: string) => new URL(url).pathname.split('/')[2] ?? '';
const expectedOrigin: Record<string, string> = Object.fromEntries(
  E2E_REMOTES.map((remote) => [remote, remoteOrigin(remote)]),
);

test("every remote's files come from the remote's own origin, without the shop's cookies", async ({
  page,
  request,
}) => {
  const watched = watch(page);
  const listing = (await (await request.get('/backend/api/products?per-page=1')).json()) as {
    data: { items: { slug: string }[] };
  };
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
  await page.goto(`/product/${listing.data.items[0]?.slug ?? ''}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // member mounts only for a signed-in member (member-area.spec.ts runs it the same way).
  const remotesSeen = new Set(watched.remoteFiles.map((file) => remoteOfUrl(file.url)));
  expect([...remotesSeen].sort()).toEqual(['auth', 'cart_checkout', 'catalog']);
  for (const file of watched.remoteFiles) {
    expect(new URL(file.url).origin, file.url).toBe(expectedOrigin[remoteOfUrl(file.url)]);
    expect(file.url.startsWith(SHOP_ORIGIN), file.url).toBe(false);
    // Another site: the guest's session and cohort cookies stay with the shop.
    expect(file.cookie, file.url).toBeNull();
  }
  expect(watched.failures).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
});

test("the page's policy names the remotes' origins, and the registry it inlines points at them", async ({
  page,
}) => {
  const answer = await page.goto('/');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  const scriptSources = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
  for (const remote of E2E_REMOTES) expect(scriptSources).toContain(remoteOrigin(remote));
  const registry = await page.evaluate(
    () => (window as unknown as { __SHOP_REMOTES__: Record<string, { entry: string }> }).__SHOP_REMOTES__,
  );
  for (const remote of E2E_REMOTES)
    expect(registry[remote]?.entry).toMatch(new RegExp(`^${remoteOrigin(remote)}/mfe/${remote}/`));
});
