/**
 * Starts the shop: opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates, seeds the
 * demo catalogue on the very first run, and listens. SIGINT/SIGTERM close the server and then the
 * database, so PGlite flushes its files before the process exits.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { markServerRunning } from './db/serverLock';
import { isCatalogueEmpty, seedDatabase } from './seed/seedDatabase';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    database,
    uploadsDir: config.uploadsDir,
    trustProxy: config.trustProxy,
    checkout: config.checkout,
    auth: {
      publicUrl: config.publicUrl,
      mail: { smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom },
    },
    site: config.siteRoot ? { root: config.siteRoot, remotesFile: config.remotesFile } : undefined,
    logger: {
      level: config.logLevel,
      transport: process.stdout.isTTY
        ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } }
        : undefined,
    },
  });
  const log = app.log;
  log.info(
    database.kind === 'pglite'
      ? `database: PGlite at ${config.dataDir}`
      : 'database: PostgreSQL (DATABASE_URL)',
  );

  // PGlite: tools that open the folder (the admin CLI) must not while the server holds it.
  const releaseLock = database.kind === 'pglite' ? markServerRunning(config.dataDir) : () => undefined;
  process.on('exit', releaseLock);

  const applied = await migrate(database.db);
  if (applied.length > 0) log.info(`applied migrations: ${applied.join(', ')}`);
  if (await isCatalogueEmpty(database.db)) {
    log.info(`empty catalogue: seeding ${config.seedProducts} demo products`);
    await seedDatabase(database.db, { products: config.seedProducts });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
