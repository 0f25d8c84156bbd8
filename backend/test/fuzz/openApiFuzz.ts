/**
 * Schema-driven fuzzing of the API: for every operation of the OpenAPI document the app serves,
 * requests are generated from its own parameter and body schemas, valid, at the boundaries, and
 * malformed, and sent through fastify.inject. What must hold for every answer: never a 5xx, and
 * every 4xx is the API's error envelope. Used by backend/test/fuzz.test.ts (a few hundred cases
 * per operation) and by `npm run fuzz` (tens of thousands).
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/** The part of JSON Schema (as @fastify/swagger writes it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /backend/api/products/gallery/{id} */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
    >
  >;
}

export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/backend/api/') || path.startsWith('/backend/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------- values

/** Text a hurried or hostile person types: unicode, markup, SQL, percent signs, NUL, huge. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    '🎁'.repeat(50),
    'null',
    'undefined',
    '1e308',
    '-1',
    '0',
    '2147483648',
    'x'.repeat(5000),
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 1, 2147483647, 2147483648, -2147483649, 1e15, 1e20, Number.MAX_SAFE_INTEGER, 0.5),
);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern !== undefined) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, minLength + 60);
  return fc.string({ minLength, maxLength });
}

/** A value the schema accepts (the server may still refuse it by its rules: 4xx is fine). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  const [type] = typesOf(schema);
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'string':
        return stringOf(schema);
      case 'array':
        return fc.array(schema.items ? validValue(schema.items) : fc.anything(), { maxLength: 5 });
      case 'object':
        return objectOf(schema, validValue);
      default:
        return fc.anything({ maxDepth: 1 });
    }
  })();
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

/** Values at and just past the schema's edges. */
export function boundaryValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(boundaryValue));
  const [type] = typesOf(schema);
  const edges: unknown[] = [];
  if (type === 'integer' || type === 'number') {
    for (const edge of [schema.minimum, schema.maximum]) {
      if (edge !== undefined) edges.push(edge, edge - 1, edge + 1);
    }
    edges.push(0, -1, 2147483647, 2147483648, 1e15);
  } else if (type === 'string') {
    const max = schema.maxLength ?? 200;
    edges.push('', 'x'.repeat(max), 'x'.repeat(max + 1), '\u0000', ' '.repeat(Math.min(max, 10)));
    if (schema.minLength) edges.push('x'.repeat(schema.minLength - 1));
  } else if (type === 'array') {
    edges.push(
      [],
      Array.from({ length: 1000 }, () => 1),
    );
  } else if (type === 'object') {
    return objectOf(schema, boundaryValue);
  }
  edges.push(null);
  return edges.length > 0 ? fc.constantFrom(...edges) : validValue(schema);
}

/** Anything at all: wrong types, hostile text, huge numbers. */
export const malformedValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileText, hostileNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }),
);

/**
 * Valid values that also pass the server's own rules now and then, so the fuzz reaches past
 * validation into the services: real e-mails, a strong password, ids of seeded rows.
 */
function plausibleValue(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  if (/e?mail/i.test(name)) return fc.oneof(fc.emailAddress(), validValue(schema));
  if (/password/i.test(name)) return fc.oneof(fc.constant('Secret123'), validValue(schema));
  if (/mobile/i.test(name)) return fc.constantFrom('+971 501234567', '+961 3123456');
  if (/(^|_)id$|\[product_id\]$/.test(name) && typesOf(schema).includes('integer')) {
    return fc.oneof(fc.integer({ min: 1, max: 60 }), validValue(schema));
  }
  if (/currency/i.test(name)) return fc.constantFrom('USD', 'AED', 'LBP', 'KWD', 'XXX');
  if (name === 'quantity') return fc.integer({ min: 1, max: 5 });
  return validValue(schema);
}

function objectOf(schema: JsonSchema, leaf: (schema: JsonSchema) => fc.Arbitrary<unknown>) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    record[name] = leaf === validValue ? plausibleValue(name, property) : leaf(property);
  }
  return fc.record(record, {
    requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
  });
}

// ---------------------------------------------------------------- requests

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);

/** Kind of input: mostly valid, then boundaries, then anything. */
export type InputKind = 'valid' | 'boundary' | 'malformed';

function parameterValue(parameter: Parameter, kind: InputKind): fc.Arbitrary<unknown> {
  if (kind === 'valid') return plausibleValue(parameter.name, parameter.schema);
  if (kind === 'boundary') return boundaryValue(parameter.schema);
  return malformedValue;
}

function bodyValue(schema: JsonSchema, kind: InputKind): fc.Arbitrary<unknown> {
  if (kind === 'valid') return validValue(schema);
  if (kind === 'boundary') return boundaryValue(schema);
  return fc.oneof(
    malformedValue,
    // The right keys with wrong values, and unknown keys.
    objectOf(schema, () => malformedValue),
    fc.dictionary(fc.string({ maxLength: 12 }), malformedValue, { maxKeys: 4 }),
  );
}

/** Requests for one operation; `token` (a signed-in buyer's) is sent with about half of them. */
export function requestsFor(operation: Operation, token: string | null): fc.Arbitrary<FuzzRequest> {
  const kind = fc.constantFrom<InputKind>('valid', 'valid', 'boundary', 'malformed');
  return kind.chain((inputKind) => {
    const pathValues = fc.tuple(
      ...operation.pathParams.map((parameter) => parameterValue(parameter, inputKind)),
    );
    const queryValues = fc.tuple(
      ...operation.queryParams.map((parameter) =>
        fc.option(parameterValue(parameter, inputKind), { freq: 2, nil: undefined }),
      ),
    );
    const body = operation.body ? bodyValue(operation.body, inputKind) : fc.constant(undefined);
    // A body that is not even JSON, now and then.
    const rawBody = fc.oneof(
      {
        weight: 9,
        arbitrary: body.map((value) => (value === undefined ? undefined : JSON.stringify(value))),
      },
      { weight: 1, arbitrary: fc.constantFrom('{', 'null', '[]', '"x"', '{"a":', '\u0000') },
    );
    return fc
      .record({ pathValues, queryValues, rawBody, withToken: fc.boolean() })
      .map(({ pathValues: paths, queryValues: queries, rawBody: payload, withToken }) => {
        let url = operation.path;
        operation.pathParams.forEach((parameter, index) => {
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(asText(paths[index])) || '0');
        });
        const search = new URLSearchParams();
        operation.queryParams.forEach((parameter, index) => {
          const value = queries[index];
          if (value !== undefined) search.append(parameter.name, asText(value));
        });
        const query = search.toString();
        const headers: Record<string, string> = {};
        if (payload !== undefined && operation.method !== 'GET') headers['content-type'] = 'application/json';
        if (withToken && token) headers.authorization = `Bearer ${token}`;
        return {
          method: operation.method,
          url: query ? `${url}?${query}` : url,
          payload: operation.method === 'GET' ? undefined : payload,
          headers,
        };
      });
  });
}

export interface FuzzAnswer {
  request: FuzzRequest;
  statusCode: number;
  /** Why the answer breaks the contract; null when it keeps it. */
  problem: string | null;
}

/** Sends one request and checks the contract: no 5xx, every 4xx an error envelope. */
export async function send(app: FastifyInstance, request: FuzzRequest): Promise<FuzzAnswer> {
  const response = await app.inject({
    method: request.method as 'GET' | 'POST',
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
  let problem: string | null = null;
  if (response.statusCode >= 500) problem = `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  else if (response.statusCode >= 400) {
    try {
      const body = JSON.parse(response.body) as {
        status?: unknown;
        error?: { code?: unknown; message?: unknown };
      };
      if (
        body.status !== false ||
        typeof body.error?.code !== 'string' ||
        typeof body.error.message !== 'string'
      ) {
        problem = `4xx without the error envelope: ${response.body.slice(0, 300)}`;
      }
    } catch {
      problem = `4xx that is not JSON: ${response.body.slice(0, 300)}`;
    }
  }
  return { request, statusCode: response.statusCode, problem };
}

// ---------------------------------------------------------------- hostile bodies

/** Nesting far past any parser's comfort: 8,000 levels, as arrays, objects, and under a real key. */
const DEEP = 8000;
const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const deepObject = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;

const BOUNDARY = 'fuzzboundary';
const partOf = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n`;

/**
 * The same fixed hostile bodies for every operation that takes a body: deep JSON (a stack
 * overflow in any recursive walk), multipart cut off before its closing boundary (mid-field and
 * mid-file), an empty boundary, a boundary the body never uses, and multipart sent to JSON routes.
 */
export function hostileRequestsFor(operation: Operation, token: string | null): FuzzRequest[] {
  if (operation.method === 'GET' || operation.method === 'HEAD') return [];
  let url = operation.path;
  for (const parameter of operation.pathParams) url = url.replace(`{${parameter.name}}`, '1');
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const json = (payload: string) => ({
    method: operation.method,
    url,
    payload,
    headers: { ...auth, 'content-type': 'application/json' },
  });
  const multipart = (payload: string, boundary = BOUNDARY) => ({
    method: operation.method,
    url,
    payload,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return [
    json(deepArray),
    json(deepObject),
    json(`{"product_id":1,"email":${deepArray}}`),
    multipart(`${partOf('order_id', '1')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="comm`),
    multipart(`${partOf('order_id', '1')}${filePart}`),
    multipart(`${partOf('order_id', '1')}--${BOUNDARY}--\r\n`, ''),
    multipart(`${partOf('order_id', '1')}--${BOUNDARY}--\r\n`, 'other'),
    multipart(''),
  ];
}
