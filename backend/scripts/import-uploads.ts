/**
 * Copies the uploads folder of before (UPLOADS_DIR) into the file store, as every server does in
 * the background at start-up (services/uploads.ts importUploadsFolder):
 *
 *   npm run uploads:import -w backend
 *
 * with the server's settings (DATABASE_URL or DATA_DIR, UPLOAD_S3_*, UPLOADS_DIR). For an upgrade
 * during which servers of the version before kept writing uploads into their folders after the
 * new version had started: run it (on each machine with such a folder) once they are all stopped.
 * On PGlite (no DATABASE_URL) the server must be stopped: one process holds its data folder.
 */
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { holdDataDir } from '../src/db/serverLock';
import { PostgresFileStore } from '../src/services/fileStore';
import { S3FileStore } from '../src/services/fileStoreS3';
import { importUploadsFolder } from '../src/services/uploads';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) holdDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const files = config.uploadsS3 ? new S3FileStore(config.uploadsS3) : new PostgresFileStore(database.db);
    const done = await importUploadsFolder(config.uploadsDir, files);
    console.log(
      `${config.uploadsDir} → the ${files.kind} store: ${done.copied} copied, ${done.present} already there`,
    );
    if (done.skipped.length > 0) console.log(`not uploads by their name, left: ${done.skipped.join(', ')}`);
    if (done.unreadable.length > 0)
      console.warn(`not regular readable files, not copied: ${done.unreadable.join(', ')}`);
    if (done.refused.length > 0)
      console.warn(`not the picture their extension says, not copied: ${done.refused.join(', ')}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
