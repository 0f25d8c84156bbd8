/** The service itself: its health and the page-view counter. */
import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';

export const Health = Type.Object({
  ok: Type.Boolean(),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});

const Address = Type.String({ minLength: 1, maxLength: 2048 });
export const PageViewBody = Type.Object({
  path: Type.String({ pattern: '^/', maxLength: 2048, description: 'location.pathname' }),
  referrer: Type.Optional(Address),
});

/** `/health` (backend/src/modules/health). */
export const healthEndpoints = endpoints({
  'GET health': { summary: 'Liveness and database check', response: Health },
});

/** `/page-views` (backend/src/modules/pageViews). */
export const pageViewEndpoints = endpoints({
  'POST page-views': { summary: 'Count one page view', body: PageViewBody, response: Type.Object({}) },
});
