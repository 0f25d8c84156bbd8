/**
 * The admin CLI's mail commands (issue 20), on the same service as the admin API's
 * `POST admin/mails/:id/requeue`:
 *
 *   failed-mails [--limit N]        failed mails, newest attempt first, with their last error
 *   requeue-mail <id> [reason…]     queues a failed mail again, audited as the actor `cli` (the
 *                                   reason in the row's details); a running server's sender sends
 *                                   it within its poll interval
 */
import { parseArgs } from 'node:util';
import { listFailedMails, REQUEUE_REFUSALS, requeueFailedMail } from '../src/services/mailQueue';
import { type Command, cliAudited } from './cliAudit';
import { idOf } from './orderCommands';

export const mailCommands: Record<string, { usage: string; run: Command }> = {
  'failed-mails': {
    usage: 'failed-mails [--limit N]   failed mails, newest attempt first, with their last error',
    async run(database, args) {
      const { values } = parseArgs({ args, options: { limit: { type: 'string', default: '50' } } });
      const mails = await listFailedMails(database.db, idOf(values.limit, '--limit'));
      console.log(`${mails.length} failed ${mails.length === 1 ? 'mail' : 'mails'}`);
      for (const mail of mails) {
        const when = mail.lastAttemptAt?.toISOString() ?? 'never tried';
        const requeue = mail.requeueable ? 'requeue-mail' : 'text cleared (a secret)';
        console.log(
          `#${mail.id}  ${when}  ${mail.recipient}  "${mail.subject}"  ${mail.attempts} attempts  [${requeue}]`,
        );
        if (mail.lastError) console.log(`      ${mail.lastError.split('\n')[0]}`);
      }
    },
  },
  'requeue-mail': {
    usage: 'requeue-mail <id> [reason…]   queues a failed mail again, due at once (audited)',
    run: cliAudited('requeue-mail', async (database, [idText, ...words]) => {
      const id = idOf(idText, '<id>');
      const result = await requeueFailedMail(database.db, id);
      // Thrown inside the command's transaction: a refusal writes no audit row.
      if ('refused' in result) throw new Error(`Mail #${id}: ${REQUEUE_REFUSALS[result.refused]}`);
      const { recipient, subject } = result.requeued;
      return {
        printed: [
          `Mail #${id} to ${recipient} ("${subject}") queued again; a running server sends it shortly.`,
        ],
        reason: words.join(' '),
      };
    }),
  },
};
