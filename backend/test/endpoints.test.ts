/**
 * One contract: every route under /backend/api is registered from its entry in the contract's
 * endpoint table (@shop/contract/endpoints), which types the apps' client, and every entry is
 * served. A route written with a schema of its own, or an entry no route serves, fails here.
 */
import { apiEndpoints } from '@shop/contract/endpoints';
import { IMAGE_KINDS } from '../src/services/images';
import { createTestApp, type TestContext } from './db';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp('pglite');
});
afterAll(() => context.close());

const json = (value: unknown) => JSON.stringify(value);

/** Routes the API serves that are not JSON endpoints of the contract (files, the docs). */
const NOT_JSON = new Set([
  // The generated SVG pictures and their WebP renditions (modules/images).
  ...IMAGE_KINDS.flatMap((kind) => [`GET images/${kind}/:id.svg`, `GET images/${kind}/:id/:rendition`]),
  // The pictures admins upload (modules/images).
  'GET images/uploaded/:id.webp',
  'GET images/uploaded/:id/:rendition',
  'GET uploads/*',
]);

test('every API route is one entry of the endpoint table, with its schemas', () => {
  const problems: string[] = [];
  const served = new Set<string>();
  for (const route of context.app.apiRoutes) {
    const key = `${route.method} ${route.path}`;
    if (NOT_JSON.has(key)) continue;
    served.add(key);
    const entry = apiEndpoints[key as keyof typeof apiEndpoints];
    if (!entry) {
      problems.push(`${key}: served, but not in the endpoint table`);
      continue;
    }
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const parts = ['body', 'querystring', 'params'] as const;
    for (const part of parts) {
      const declared = (entry as Partial<Record<(typeof parts)[number], unknown>>)[part];
      if (json(schema[part]) !== json(declared)) problems.push(`${key}: its ${part} is not the table's`);
    }
    const answers = schema.response as Record<string, { properties?: { data?: unknown } }> | undefined;
    const answer = answers?.['created' in entry ? '201' : '200'];
    // A file's answer is its bytes; any other is the envelope around `data`.
    const data = 'file' in entry ? answer : answer?.properties?.data;
    if (json(data) !== json(entry.response)) {
      problems.push(`${key}: its answer is not the table's`);
    }
  }
  for (const key of Object.keys(apiEndpoints)) {
    if (!served.has(key)) problems.push(`${key}: in the endpoint table, but no route serves it`);
  }
  expect(problems).toEqual([]);
});
