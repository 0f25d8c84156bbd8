/**
 * Starts the shop: opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates, seeds the
 * demo catalogue (and draws its pictures' WebP renditions) on the very first run, and listens.
 * SIGINT/SIGTERM close the server and then the database, so PGlite flushes its files before the
 * process exits.
 */

import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { holdDataDir } from './db/serverLock';
import { withStartupLock } from './db/startupLock';
import { isCatalogueEmpty, seedDatabase } from './seed/seedDatabase';
import { scheduleHousekeeping } from './services/housekeeping';
import { seedRenditions } from './services/imageRenditions';

/**
 * Migrations and the first seed may run long: on PostgreSQL they get a connection of their own
 * without the statement timeout the API runs under, closed before the server listens. They run
 * under the start-up lock (db/startupLock.ts): instances started together on an empty database
 * wait for the first one, then find the catalogue seeded. Should the lock's connection be lost
 * meanwhile, the start fails (the process exits; the seed's transaction with it), and the seed
 * itself seeds only a catalogue still empty inside its transaction.
 */
async function prepareDatabase(
  config: ReturnType<typeof loadConfig>,
  serving: DatabaseHandle,
  log: FastifyBaseLogger,
) {
  if (serving.kind === 'postgres' && config.databaseUrl)
    await withStartupLock(config.databaseUrl, config.databaseTimeouts.connectMs, log, (lost) =>
      migrateAndSeed(config, serving, log, lost),
    );
  else await migrateAndSeed(config, serving, log);
}

/** Migrations, then on an empty catalogue the demo seed and its pictures' renditions. */
async function migrateAndSeed(
  config: ReturnType<typeof loadConfig>,
  serving: DatabaseHandle,
  log: FastifyBaseLogger,
  lost?: AbortSignal,
) {
  const maintenance =
    serving.kind === 'postgres'
      ? await openDatabase({ databaseUrl: config.databaseUrl, timeouts: { statementMs: 0, poolSize: 1 } })
      : serving;
  try {
    const applied = await migrate(maintenance.db);
    if (applied.length > 0) log.info(`applied migrations: ${applied.join(', ')}`);
    lost?.throwIfAborted();
    if (await isCatalogueEmpty(maintenance.db)) {
      log.info(`empty catalogue: seeding ${config.seedProducts} demo products`);
      if (!(await seedDatabase(maintenance.db, { products: config.seedProducts, onlyIfEmpty: true }))) {
        log.info('the catalogue was seeded by another instance meanwhile');
        return;
      }
      lost?.throwIfAborted();
      // Before listening: the first pages (and a Lighthouse run on a fresh shop) find them drawn.
      const started = Date.now();
      const drawn = await seedRenditions(maintenance.db);
      log.info(`drew ${drawn} picture renditions in ${Date.now() - started} ms`);
    }
  } finally {
    if (maintenance !== serving) await maintenance.close();
  }
}

async function main() {
  const config = loadConfig();
  // PGlite: one process per folder. Taken before the folder is opened, so a second server (or the
  // admin CLI) started on a folder a live server holds refuses instead of corrupting it.
  if (!config.databaseUrl) holdDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  const app = await buildApp({
    database,
    uploadsDir: config.uploadsDir,
    uploadsS3: config.uploadsS3,
    trustProxy: config.trustProxy,
    checkout: config.checkout,
    rateLimits: config.rateLimits,
    releases: config.releases,
    // The per-address cap spares the trusted proxies' sockets (connectionLimits.ts, capConnections).
    connections: config.connections,
    auth: {
      publicUrl: config.publicUrl,
      mail: {
        smtpUrl: config.smtpUrl,
        outboxDir: config.outboxDir,
        from: config.mailFrom,
        replyTo: config.checkout.shopEmail,
      },
    },
    site: config.siteRoot ? { root: config.siteRoot, publicUrl: config.publicUrl } : undefined,
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
  await prepareDatabase(config, database, log);

  const stopHousekeeping = scheduleHousekeeping(database.db, log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    try {
      stopHousekeeping();
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
