/**
 * What the file store (services/fileStore.ts, PostgreSQL by default) holds, read straight from its
 * table: the tests that used to list and read the uploads folder ask here.
 */
import { asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { uploadedFiles } from '../src/db/schema';

/** Every stored name, sorted. */
export async function storedNames(database: Pick<DatabaseHandle, 'db'>): Promise<string[]> {
  const rows = await database.db
    .select({ name: uploadedFiles.name })
    .from(uploadedFiles)
    .orderBy(asc(uploadedFiles.name));
  return rows.map((row) => row.name);
}

/** The bytes stored under `name`, or null. */
export async function storedBytes(
  database: Pick<DatabaseHandle, 'db'>,
  name: string,
): Promise<Buffer | null> {
  const [row] = await database.db
    .select({ bytes: uploadedFiles.bytes })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.name, name));
  return row?.bytes ?? null;
}
