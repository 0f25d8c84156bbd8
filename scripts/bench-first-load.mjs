// First-load JavaScript of a page, split by app: every script the browser fetches until the
// page is idle, sized raw and gzip -9. Run against a served shop:
//   node scripts/bench-first-load.mjs [http://localhost:8080] [/ /products]
// FIRST_LOAD_FILES=1 also lists each file (URL, raw and gzip), largest first, to compare builds.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? `http://localhost:${process.env.PORT ?? 8080}`;
const paths = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['/', '/products'];
const listFiles = process.env.FIRST_LOAD_FILES === '1';
const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

const appOf = (url) => {
  const { pathname } = new URL(url);
  const match = pathname.match(/^\/mfe\/([^/]+)\//);
  return match ? match[1] : 'shell';
};

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const path of paths) {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    const byApp = {};
    for (const file of files) {
      const app = byApp[appOf(file.url)] ?? { files: 0, raw: 0, gzip: 0 };
      byApp[appOf(file.url)] = app;
      app.files += 1;
      app.raw += file.raw;
      app.gzip += file.gzip;
    }
    const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), {
      raw: 0,
      gzip: 0,
    });
    console.log(
      `\nFirst-load JS of ${path}: ${files.length} files, ${(total.raw / 1024).toFixed(1)} KB raw, ${(total.gzip / 1024).toFixed(1)} KB gzip`,
    );
    for (const [app, size] of Object.entries(byApp).sort((a, b) => b[1].gzip - a[1].gzip)) {
      console.log(
        `  ${app.padEnd(14)} ${String(size.files).padStart(3)} files ${(size.raw / 1024).toFixed(1).padStart(8)} KB raw ${(size.gzip / 1024).toFixed(1).padStart(7)} KB gzip`,
      );
    }
    if (listFiles) {
      for (const file of [...files].sort((a, b) => b.gzip - a.gzip)) {
        const { pathname } = new URL(file.url);
        console.log(
          `    ${(file.raw / 1024).toFixed(1).padStart(8)} KB raw ${(file.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${pathname}`,
        );
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
}
