/**
 * The operator's command line, on the database the server uses (DATABASE_URL, else PGlite in
 * DATA_DIR):   npm run admin -- <command> [options]
 *
 *   page-views [--since 2026-11-01] [--limit 50]   views per route, most viewed first
 *
 * On PGlite the server must be stopped first (one process per database folder); on PostgreSQL
 * the CLI runs beside the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { runningServerOf } from '../src/db/serverLock';
import { pageViewCounts } from '../src/services/pageViews';

type Command = (database: DatabaseHandle, args: string[]) => Promise<void>;

const commands: Record<string, { usage: string; run: Command }> = {
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
};

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
