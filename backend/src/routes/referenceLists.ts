import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { AuthSlide, Country } from '../schemas/auth';
import { responses } from '../schemas/common';
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
