/**
 * A route's schema comes from the contract's endpoint table, so what the backend validates and
 * answers is what the apps' client is typed with. `test/endpoints.test.ts` proves every route
 * under /backend/api is registered from its table entry, and every entry is registered.
 */
import { type ApiEndpoints, apiEndpoints } from '@shop/contract/endpoints';
import { createdResponses } from '@shop/contract/schemas/auth';
import { ErrorEnvelope, responses } from '@shop/contract/schemas/common';
import { type TObject, type TSchema, Type } from '@sinclair/typebox';

type Key = keyof ApiEndpoints;

/** A file's bytes, or a failure in the envelope. */
const fileResponses = <T extends TSchema>(bytes: T) => ({
  200: bytes,
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
});

/** The envelope with fields beside `data`. */
const besideResponses = <T extends TSchema, B extends TObject>(data: T, beside: B) => ({
  200: Type.Object({ status: Type.Literal(true), ...beside.properties, data }),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
});

/**
 * The answers of an endpoint: the file's bytes (`file: true`), the envelope with fields beside
 * `data` (`beside`), 201 for one that creates (`created: true`), else 200.
 */
type Answers<E extends ApiEndpoints[Key]> = E extends { file: true }
  ? ReturnType<typeof fileResponses<E['response']>>
  : E extends { beside: infer B extends TObject }
    ? ReturnType<typeof besideResponses<E['response'], B>>
    : E extends { created: true }
      ? ReturnType<typeof createdResponses<E['response']>>
      : ReturnType<typeof responses<E['response']>>;

function answersOf(entry: { response: TSchema; created?: true; beside?: TObject; file?: true }) {
  if (entry.file) return fileResponses(entry.response);
  if (entry.beside) return besideResponses(entry.response, entry.beside);
  return entry.created ? createdResponses(entry.response) : responses(entry.response);
}

/** The Fastify schema of one endpoint: its summary, inputs and enveloped answers. */
export function endpointSchema<K extends Key>(key: K) {
  const entry = apiEndpoints[key];
  const { summary, response: _response, ...inputs } = entry;
  const {
    multipart: _multipart,
    created: _created,
    beside: _beside,
    file: _file,
    ...validated
  } = inputs as typeof inputs & { multipart?: true; created?: true; beside?: TObject; file?: true };
  return {
    summary,
    ...(validated as Omit<
      ApiEndpoints[K],
      'summary' | 'response' | 'multipart' | 'created' | 'beside' | 'file'
    >),
    response: answersOf(entry) as Answers<ApiEndpoints[K]>,
  };
}
