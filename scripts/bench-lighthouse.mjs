// Lighthouse mobile performance (its default: a mid-range phone, simulated slow 4G and 4x CPU
// slowdown) of the home page, the listing and a product page of a served shop. Scores vary from
// run to run, so each page runs several times and the median is reported with the range.
//   node scripts/bench-lighthouse.mjs [http://localhost:8080] [runs=3]
import lighthouse from 'lighthouse';
import { launchChrome } from './lighthouse-chrome.mjs';

const base = process.argv[2] ?? `http://localhost:${process.env.PORT ?? 8080}`;
const runs = Number(process.argv[3] ?? 3);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const first = await (await fetch(`${base}/backend/api/products?per-page=1`)).json();
const pages = ['/', '/products', `/product/${first.data.items[0].slug}`];

const chrome = await launchChrome();
try {
  console.log(`\nLighthouse mobile performance, ${runs} runs per page (median, [min-max])`);
  for (const page of pages) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(base + page, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      const metric = (id) => lhr.audits[id].numericValue;
      results.push({
        score: Math.round(lhr.categories.performance.score * 100),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
      });
    }
    const of = (key) => results.map((result) => result[key]);
    const scores = of('score');
    console.log(
      `  ${page.padEnd(40)} score ${median(scores)} [${Math.min(...scores)}-${Math.max(...scores)}]` +
        `  FCP ${(median(of('fcp')) / 1000).toFixed(1)} s  LCP ${(median(of('lcp')) / 1000).toFixed(1)} s` +
        `  TBT ${Math.round(median(of('tbt')))} ms  CLS ${median(of('cls')).toFixed(3)}  SI ${(median(of('si')) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  chrome.kill();
}
