// The headless Chromium the Lighthouse benchmarks run in: Debian's where present (no browser
// downloads here), else whatever chrome-launcher finds.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';

const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export function launchChrome() {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
}
