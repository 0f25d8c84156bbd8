/**
 * A route's schema comes from the contract's endpoint table, so what the backend validates and
 * answers is what the apps' client is typed with. `test/endpoints.test.ts` proves every route
 * under /backend/api is registered from its table entry, and every entry is registered.
 */
import { type ApiEndpoints, apiEndpoints } from '@shop/contract/endpoints';
import { createdResponses } from '@shop/contract/schemas/auth';
import { responses } from '@shop/contract/schemas/common';

type Key = keyof ApiEndpoints;

/** The enveloped answers of an endpoint: 201 for one that creates (`created: true`), else 200. */
type Answers<E extends ApiEndpoints[Key]> = E extends { created: true }
  ? ReturnType<typeof createdResponses<E['response']>>
  : ReturnType<typeof responses<E['response']>>;

/** The Fastify schema of one endpoint: its summary, inputs and enveloped answers. */
export function endpointSchema<K extends Key>(key: K) {
  const { summary, response, ...inputs } = apiEndpoints[key];
  const {
    multipart: _multipart,
    created,
    ...validated
  } = inputs as typeof inputs & {
    multipart?: true;
    created?: true;
  };
  const data = response as ApiEndpoints[K]['response'];
  return {
    summary,
    ...(validated as Omit<ApiEndpoints[K], 'summary' | 'response' | 'multipart' | 'created'>),
    response: (created ? createdResponses(data) : responses(data)) as Answers<ApiEndpoints[K]>,
  };
}
