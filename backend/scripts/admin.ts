/**
 * The operator's command line, on the database the server uses (DATABASE_URL, else PGlite in
 * DATA_DIR):   npm run admin -- <command> [options]
 *
 *   page-views [--since 2026-11-01] [--limit 50]   views per route, most viewed first
 *   list-messages [--unread] [--page N]            message threads of every member
 *   show-thread <id> [--page N]                    one thread (marks the member's messages read)
 *   reply <id> <message>                           answer a thread as the shop
 *   notify <buyer-id> <note> [--high]              a header notification for one member
 *   create-admin, revoke-sessions, list-orders, show-order, order-status, payment-received,
 *   confirm-proof, reject-proof: see orderCommands.ts
 *   create-staff, list-admins, disable-admin, enable-admin, audit-log: see staffCommands.ts
 *   failed-mails, requeue-mail: see mailCommands.ts
 * Every change (reply, notify and the changing commands of the files named) is audit-logged as
 * the actor `cli` (cliAudit.ts).
 *
 * On PGlite the server must be stopped first (one process per database folder); on PostgreSQL
 * the CLI runs beside the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { runningServerOf } from '../src/db/serverLock';
import { pageViewCounts } from '../src/modules/pageViews/pageViews';
import { listThreads, readThread, reply, threadAuthor } from '../src/services/messages';
import { sendNotification } from '../src/services/notifications';
import { type Command, cliAudited } from './cliAudit';
import { mailCommands } from './mailCommands';
import { orderCommands } from './orderCommands';
import { staffCommands } from './staffCommands';

const commands: Record<string, { usage: string; run: Command }> = {
  ...orderCommands,
  ...staffCommands,
  ...mailCommands,
  'page-views': {
    usage: 'page-views [--since YYYY-MM-DD] [--limit N]   views per route, most viewed first',
    async run(database, args) {
      const { values } = parseArgs({
        args,
        options: { since: { type: 'string' }, limit: { type: 'string', default: '50' } },
      });
      const since = values.since ? new Date(values.since) : null;
      if (since && Number.isNaN(since.getTime())) throw new Error(`--since is not a date: ${values.since}`);
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a positive integer');
      const counts = await pageViewCounts(database.db, since);
      const total = counts.reduce((sum, row) => sum + row.views, 0);
      console.log(
        `${total} page views${since ? ` since ${since.toISOString().slice(0, 10)}` : ''}, ${counts.length} routes`,
      );
      for (const row of counts.slice(0, limit)) console.log(`${String(row.views).padStart(8)}  ${row.path}`);
    },
  },
  // Member messages and notifications (issue 11): the same services as the admin API.
  'list-messages': {
    usage: 'list-messages [--unread] [--page N]   message threads, newest activity first',
    async run(database, args) {
      const { values } = parseArgs({
        args,
        options: { unread: { type: 'boolean', default: false }, page: { type: 'string', default: '1' } },
      });
      const page = positiveInteger(values.page, '--page');
      const { items, _meta } = await listThreads(database.db, { kind: 'admin' }, page, {
        onlyUnread: values.unread,
      });
      console.log(
        `${_meta.totalCount} threads, page ${_meta.currentPage} of ${Math.max(_meta.pageCount, 1)}`,
      );
      for (const thread of items) {
        const where = thread.order_id === null ? 'general' : `order ${thread.order_id}`;
        const unread = thread.unread_count ? `  [${thread.unread_count} unread]` : '';
        console.log(
          `#${thread.id}  buyer ${thread.buyer_id}  ${where}  ${thread.last_message.created_time}  ${thread.subject}${unread}`,
        );
      }
    },
  },
  'show-thread': {
    usage: "show-thread <id> [--page N]   one thread, oldest first (marks the member's messages read)",
    async run(database, args) {
      const { values, positionals } = parseArgs({
        args,
        allowPositionals: true,
        options: { page: { type: 'string', default: '1' } },
      });
      const id = positiveInteger(positionals[0], '<id>');
      const view = await readThread(
        database.db,
        { kind: 'admin' },
        id,
        positiveInteger(values.page, '--page'),
      );
      const author = await threadAuthor(database.db, view.thread.buyer_id);
      console.log(`#${view.thread.id} ${view.thread.subject}`);
      console.log(
        `buyer ${view.thread.buyer_id} ${author ? `${author.firstName} ${author.lastName} <${author.email}>` : ''}`,
      );
      for (const message of view.items)
        console.log(`\n[${message.created_time}] ${message.sender_type}:\n${message.message}`);
      console.log(`\npage ${view._meta.currentPage} of ${Math.max(view._meta.pageCount, 1)}`);
    },
  },
  reply: {
    usage: 'reply <id> <message>   answer a thread as the shop (the member is notified)',
    run: cliAudited('reply', async (database, args) => {
      const [idText, ...words] = args;
      const id = positiveInteger(idText, '<id>');
      const message = await reply(database.db, { kind: 'admin' }, id, { message: words.join(' ') });
      return { printed: [`Replied in thread #${message.reply_to} (message #${message.id}).`] };
    }),
  },
  notify: {
    usage: 'notify <buyer-id> <note> [--high]   a header notification for one member',
    run: cliAudited('notify', async (database, args) => {
      const { values, positionals } = parseArgs({
        args,
        allowPositionals: true,
        options: { high: { type: 'boolean', default: false } },
      });
      const [buyerText, ...words] = positionals;
      const note = await sendNotification(database.db, {
        buyer_id: positiveInteger(buyerText, '<buyer-id>'),
        note: words.join(' '),
        priority: values.high ? 'High' : 'Normal',
      });
      return { printed: [`Notification #${note.id} (${note.priority}) sent.`] };
    }),
  },
};

function positiveInteger(text: string | undefined, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647)
    throw new Error(`${name} must be a positive integer`);
  return value;
}

function usage(): string {
  return [
    'npm run admin -- <command>',
    ...Object.values(commands).map((command) => `  ${command.usage}`),
  ].join('\n');
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command: ${name}\n${usage()}` : usage());
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = runningServerOf(config.dataDir);
    if (pid)
      throw new Error(
        `The shop (pid ${pid}) is running on ${config.dataDir}; stop it first, or use DATABASE_URL.`,
      );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
    await command.run(database, args);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
