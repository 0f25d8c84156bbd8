/**
 * How one API endpoint is described, once, for both sides: the backend registers its route with
 * these schemas (`endpointSchema` in backend/src/http/endpoint.ts) and the apps' client is typed
 * from them (`ApiPaths` below, used by shared/src/api/client.ts). A key is the method and the path
 * under /backend/api, with Fastify's `:name` for a path parameter: 'GET products/:slug'.
 */
import type { Static, TObject, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  summary: string;
  /** The `data` of a successful answer's envelope (`{status: true, data}`). */
  response: TSchema;
  params?: TSchema;
  querystring?: TSchema;
  /** A JSON body. */
  body?: TSchema;
  /** The body is a multipart form (files); the route reads it with the multipart reader. */
  multipart?: true;
  /** Success is 201 Created (a new record), not 200. */
  created?: true;
  /** Fields the success envelope carries beside `data` (the spec puts a few there). */
  beside?: TObject;
  /** The answer is a file's bytes (an image), not a JSON envelope; `response` describes them. */
  file?: true;
}

export type EndpointTable = Record<`${HttpMethod} ${string}`, Endpoint>;

/** Declares a module's endpoints, keeping each entry's exact schema types. */
export const endpoints = <const Table extends EndpointTable>(table: Table): Table => table;

type StaticOr<Schema, Otherwise> = Schema extends TSchema ? Static<Schema> : Otherwise;

/** What a successful call of the endpoint answers with: its `data`, or a Blob for a file. */
export type AnswerOf<E extends Endpoint> = E['file'] extends true ? Blob : Static<E['response']>;
/** The fields a successful answer carries beside `data` (none for most endpoints). */
export type BesideOf<E extends Endpoint> = StaticOr<E['beside'], unknown>;
/** What the endpoint's body must be: its JSON schema, FormData for a multipart form, else none. */
export type BodyOf<E extends Endpoint> = E['multipart'] extends true
  ? FormData
  : StaticOr<E['body'], undefined>;
export type QueryOf<E extends Endpoint> = StaticOr<E['querystring'], undefined>;
export type ParamsOf<E extends Endpoint> = StaticOr<E['params'], undefined>;

/** The paths of a table's endpoints that answer to one method. */
export type PathsOf<Table extends EndpointTable, Method extends HttpMethod> = {
  [Key in keyof Table]: Key extends `${Method} ${infer Path}` ? Path : never;
}[keyof Table];

/** The endpoint at a method and path of a table. */
export type EndpointAt<
  Table extends EndpointTable,
  Method extends HttpMethod,
  Path extends PathsOf<Table, Method>,
> = Table[`${Method} ${Path}` & keyof Table];
