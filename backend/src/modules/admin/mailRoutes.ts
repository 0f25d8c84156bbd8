/**
 * The outgoing mail an operator looks after (issue 20): an owner queues a failed mail again once
 * what made it fail is fixed (a mailbox that exists again, the SMTP server's sign-in). Registered
 * inside adminRoutes, so behind its guard; the requeue and its audit row are one transaction. The
 * same service serves the admin CLI (`npm run admin -- requeue-mail <id>`, scripts/mailCommands.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors';
import { endpointSchema } from '../../http/endpoint';
import { REQUEUE_REFUSALS, type RefusedRequeue, requeueFailedMail } from '../../services/mailQueue';
import { audited, ownersOnly } from './audit';

/** A refusal as the API answers it. */
const REFUSALS: Record<RefusedRequeue, () => AppError> = {
  'not found': () => AppError.notFound(REQUEUE_REFUSALS['not found']),
  'not failed': () => AppError.conflict('MAIL_NOT_FAILED', REQUEUE_REFUSALS['not failed']),
  'bodies cleared': () => AppError.conflict('MAIL_BODY_CLEARED', REQUEUE_REFUSALS['bodies cleared']),
};

export const adminMailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, accounts } = app.deps;
  app.post(
    '/admin/mails/:id/requeue',
    {
      onRequest: ownersOnly,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        description:
          "An owner's bearer token only: none or an expired one 401, a buyer's or a staff admin's 403.",
        ...endpointSchema('POST admin/mails/:id/requeue'),
      },
    },
    async (request) => {
      const requeued = await audited(database.db, request, async (tx) => {
        const result = await requeueFailedMail(tx, request.params.id);
        if ('refused' in result) throw REFUSALS[result.refused]();
        return result.requeued;
      });
      accounts.mailer.wake();
      return { status: true as const, data: { mail: { ...requeued, status: 'queued' as const } } };
    },
  );
};
