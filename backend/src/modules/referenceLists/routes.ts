import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { AuthSlide, Country } from '@shop/contract/schemas/auth';
import { responses } from '@shop/contract/schemas/common';
import { AGE_GROUPS, GENDERS, listCountries, listSlides } from '../services/referenceLists';
import type { RouteDeps } from './deps';

export const referenceListRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['reference lists'];

  app.get(
    '/countries',
    {
      schema: {
        tags,
        summary: 'Countries (sign-up, profile)',
        response: responses(Type.Object({ list: Type.Array(Country) })),
      },
    },
    async () => ({ status: true as const, data: { list: await listCountries(db) } }),
  );

  app.get(
    '/delivery-countries',
    {
      schema: {
        tags,
        summary: 'Countries the shop delivers to (checkout addresses)',
        description:
          'A list of its own: sign-up offers only the static United Arab Emirates (1) and Lebanon (2) of the spec, while delivery reaches every country listed here.',
        response: responses(
          Type.Object({ list: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) }),
        ),
      },
    },
    async () => ({
      status: true as const,
      data: { list: (await listCountries(db)).map(({ id, name }) => ({ id, name })) },
    }),
  );

  app.get(
    '/gender',
    {
      schema: {
        tags,
        summary: 'Genders the forms offer',
        response: responses(Type.Object({ genders: Type.Array(Type.Object({ name: Type.String() })) })),
      },
    },
    async () => ({ status: true as const, data: { genders: GENDERS.map((name) => ({ name })) } }),
  );

  app.get(
    '/age-group',
    {
      schema: {
        tags,
        summary: 'Age groups (profile)',
        response: responses(
          Type.Object({ list: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) }),
        ),
      },
    },
    async () => ({ status: true as const, data: { list: AGE_GROUPS } }),
  );

  for (const kind of ['signin', 'signup'] as const) {
    app.get(
      `/${kind}-slides`,
      {
        schema: {
          tags,
          summary: `Slides beside the ${kind === 'signin' ? 'sign-in' : 'sign-up'} form`,
          response: responses(Type.Object({ items: Type.Array(AuthSlide) })),
        },
      },
      async () => ({ status: true as const, data: { items: await listSlides(db, kind) } }),
    );
  }
};
