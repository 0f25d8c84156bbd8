// Lighthouse accessibility (its default mobile emulation) of the six pages a shopper crosses on the
// way to an order: home, listing and a product page as a first-time guest (storage reset, so the
// promo popup is part of what is measured), then cart, checkout and member area as a member with
// one product in the cart. Lighthouse's own storage reset would wipe the session the shell keeps
// in localStorage, so for those three a puppeteer page on the same Chrome stores the session first
// and Lighthouse runs with disableStorageReset. Prints each page's score and the failing audits.
//   node scripts/bench-accessibility.mjs [http://localhost:8080]
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { launchChrome } from './lighthouse-chrome.mjs';

const base = process.argv[2] ?? `http://localhost:${process.env.PORT ?? 8080}`;

async function api(path, body, token) {
  const answer = await fetch(`${base}/backend/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await answer.json();
  if (!json.status) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A new member with one product in the cart, as the shell stores a signed-in session. */
async function memberWithCart() {
  const { user } = await api('buyers/register', {
    type: 'Registration',
    first_name: 'Nour',
    last_name: 'Saad',
    email: `a11y-${Date.now()}@example.com`,
    password: 'Secret123',
    confirm_password: 'Secret123',
    mobile: '+971 501234567',
    country_id: 1,
    gender: 'Female',
  });
  const listing = await api('products?stock=1&per-page=20');
  const product = listing.items.find((item) => item.stock_quantity >= 2) ?? listing.items[0];
  await api('cart/add', { product_id: product.id }, user.token);
  return user;
}

const listing = await api('products?per-page=1');
const guestPages = ['/', '/products', `/product/${listing.items[0].slug}`];
const memberPages = ['/cart', '/checkout', '/member'];

const chrome = await launchChrome();
const scores = [];
async function audit(page, disableStorageReset) {
  const { lhr } = await lighthouse(base + page, {
    port: chrome.port,
    onlyCategories: ['accessibility'],
    logLevel: 'error',
    output: 'json',
    disableStorageReset,
  });
  const failing = Object.values(lhr.audits)
    .filter((result) => result.score !== null && result.score < 1 && result.scoreDisplayMode === 'binary')
    .map((result) => {
      const items = result.details?.items ?? [];
      const where = items
        .slice(0, 4)
        .map((item) => item.node?.selector ?? '')
        .filter(Boolean)
        .join(' | ');
      return `      ${result.id}: ${result.title}${where ? `\n        ${where}` : ''}`;
    });
  const score = Math.round(lhr.categories.accessibility.score * 100);
  scores.push({ page, score });
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  console.log(`  ${page.padEnd(40)} ${score}${landed === page ? '' : `  (landed on ${landed})`}`);
  if (failing.length > 0) console.log(failing.join('\n'));
}

try {
  console.log('\nLighthouse accessibility (mobile)');
  for (const page of guestPages) await audit(page, false);

  const user = await memberWithCart();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await browser.newPage();
  await tab.goto(base, { waitUntil: 'domcontentloaded' });
  await tab.evaluate((stored) => localStorage.setItem('user', stored), JSON.stringify(user));
  // The session holds: the cart shows the member's line (else the scores would be a guest's).
  await tab.goto(`${base}/cart`, { waitUntil: 'networkidle0' });
  await tab.waitForSelector('[data-testid="cart-line"]', { timeout: 15_000 });
  await tab.close();
  await browser.disconnect();
  for (const page of memberPages) await audit(page, true);
} finally {
  chrome.kill();
}
