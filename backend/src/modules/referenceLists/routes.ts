/**
 * The reference-lists module: `/countries`, `/delivery-countries`, `/gender`, `/age-group`,
 * `/signin-slides` and `/signup-slides`, the lists the forms offer. Their service
 * (services/referenceLists.ts) stays shared: sign-up and the profile check answers against it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { AGE_GROUPS, GENDERS, listCountries, listSlides } from '../../services/referenceLists';

export const referenceListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const tags = ['reference lists'];

  app.get('/countries', { schema: { tags, ...endpointSchema('GET countries') } }, async () => ({
    status: true as const,
    data: { list: await listCountries(db) },
  }));

  app.get(
    '/delivery-countries',
    {
      schema: {
        tags,
        description:
          'A list of its own: sign-up offers only the static United Arab Emirates (1) and Lebanon (2) of the spec, while delivery reaches every country listed here.',
        ...endpointSchema('GET delivery-countries'),
      },
    },
    async () => ({
      status: true as const,
      data: { list: (await listCountries(db)).map(({ id, name }) => ({ id, name })) },
    }),
  );

  app.get('/gender', { schema: { tags, ...endpointSchema('GET gender') } }, async () => ({
    status: true as const,
    data: { genders: GENDERS.map((name) => ({ name })) },
  }));

  app.get('/age-group', { schema: { tags, ...endpointSchema('GET age-group') } }, async () => ({
    status: true as const,
    data: { list: AGE_GROUPS },
  }));

  for (const kind of ['signin', 'signup'] as const) {
    app.get(`/${kind}-slides`, { schema: { tags, ...endpointSchema(`GET ${kind}-slides`) } }, async () => ({
      status: true as const,
      data: { items: await listSlides(db, kind) },
    }));
  }
};
